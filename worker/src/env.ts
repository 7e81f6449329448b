import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { D1Metrics } from './lib/d1-metrics';
import type { Locale } from '@shared/constants';
import type { Settings } from '@shared/schemas/settings';
import type * as schema from './db/schema';

/** Bindings and settings of the Worker (wrangler.toml [vars], secrets, .dev.vars). */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  ASSETS: Fetcher;
  /** Imports run as this Workflow (features/imports/imports.workflow.ts). */
  IMPORTS: Workflow<{ importId: number; part?: number }>;
  /** Backups and restores of the instance run as this Workflow (features/backups/backups.workflow.ts). */
  BACKUPS: Workflow<{ backupId: number; kind: 'backup' | 'restore'; part?: number }>;
  /** Exports of a collection with its pictures run as this Workflow (features/exports/exports.workflow.ts). */
  EXPORTS: Workflow<{ exportId: number; part?: number }>;
  /** Restores of a person's backup into their account (features/account-archives/account-restore.workflow.ts). */
  ACCOUNT_RESTORES: Workflow<{ archiveId: number; part?: number }>;
  /** Lists of ISBNs or barcodes become items as this Workflow (features/sources/source-queue.workflow.ts). */
  SOURCE_QUEUES: Workflow<{ queueId: number; part?: number }>;
  APP_SECRET?: string;
  ADMIN_PASSWORD?: string;
  APP_URL?: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  EMAIL_FROM?: string;
  /** Milliseconds an SMTP server has to connect and to answer each command; 10,000 unless set (tests set less). */
  SMTP_TIMEOUT_MS?: string;
  DEMO_MODE?: string;
  /**
   * Tests only: hosts (host:port) the guarded fetch may reach although they are local, comma separated,
   * for the fake sources served on 127.0.0.1. Never set it in production.
   */
  FETCH_ALLOW_HOSTS?: string;
  /** BoardGameGeek's address (its XML API2 lives under /xmlapi2); tests point it at a fake. */
  BGG_BASE_URL?: string;
  /** BoardGameGeek's application token, sent as a bearer token: its XML API asks for one. */
  BGG_TOKEN?: string;
  /**
   * Tests only: the address every metadata source is asked at instead of its own, each under its id
   * (…/openlibrary/search.json), its pictures under `<id>-covers` (features/sources/source.ts).
   */
  METADATA_BASE_URL?: string;
  /** Milliseconds a metadata source has to answer; 8,000 unless set (tests set less). */
  METADATA_TIMEOUT_MS?: string;
  /** Google Books' API key (optional: without one, Google's anonymous quota applies). */
  GOOGLE_BOOKS_API_KEY?: string;
  /** TMDB's API key (v3) or read access token (v4): movies are searched only with one. */
  TMDB_API_KEY?: string;
  /** Goodreads' address (shelves' RSS feeds under /review/list_rss); tests point it at a fake. */
  GOODREADS_BASE_URL?: string;
  /**
   * Seconds a scheduled run first waits when its source is not ready (BoardGameGeek queues collections),
   * doubled at each new try; 30 unless set (tests set 1).
   */
  SOURCE_RETRY_SECONDS?: string;
  /** Benchmarks only: answer D1 query counts and rows in X-D1-* headers. */
  EXPOSE_D1_METRICS?: string;
  /**
   * Benchmarks only, with EXPOSE_D1_METRICS: a TCP address on 127.0.0.1 (`127.0.0.1:8799`) each Workflow
   * step tells as it starts and ends, so the bench measures its CPU (lib/step-metrics.ts).
   */
  MEASURE_PROBE_ADDRESS?: string;
  /**
   * Tests only: how many search or filter matches a collection page reads in full before it walks the
   * sort order (FEW_MATCHES in items/list/tuning.ts), set low so small collections take both plans.
   */
  LIST_FEW_MATCHES?: string;
  /**
   * Tests only: how many kept counts of values a range's count reads before it estimates
   * (RANGE_COUNT_ROWS in items/list/tuning.ts), set low so small collections take that way too.
   */
  LIST_RANGE_COUNT_ROWS?: string;
  /**
   * Tests only: how many search index entries a narrowed page's probe reads (SEARCH_PROBE in
   * items/list/tuning.ts), set low so small collections estimate a search's share of the lists' matches.
   */
  LIST_SEARCH_PROBE?: string;
  /**
   * Tests only: how many of the owner's items with a copy lent a narrowed page reads for "available"
   * (LENT_READ in items/list/tuning.ts), set low by a test so "available" is tested on the matches instead.
   */
  LIST_LENT_READ?: string;
  /**
   * Tests only: the most bytes a walk's bitmap of listed items may take (LISTED_BITMAP_MAX in
   * items/list/tuning.ts), set low by a test so the walk tests the request's own conditions instead.
   */
  LIST_BITMAP_MAX?: string;
  /**
   * Tests only: the sort ranks' bucket size, split size and the smallest collection that keeps them
   * (RANK_BUCKET, RANK_SPLIT and RANKS_FROM in features/items/sort-ranks.ts), set low for small collections.
   */
  LIST_RANK_BUCKET?: string;
  LIST_RANK_SPLIT?: string;
  LIST_RANKS_FROM?: string;
  /**
   * Tests only: the steps a Workflow instance takes before a new one goes on (1,000 unless set; see
   * lib/workflow-budget.ts), set low so that tests see long runs hand over.
   */
  WORKFLOW_STEPS_PER_INSTANCE?: string;
  /** Tests only: how many matches the filter panel reads before its counts become estimates. */
  LIST_FACET_SAMPLE?: string;
}

export type Db = DrizzleD1Database<typeof schema>;

/** The signed-in caller, resolved from the bearer token and its session row. */
export interface Caller {
  id: number;
  username: string;
  isAdmin: boolean;
  sessionId: string;
}

/** The instance's settings, read from D1 on first use in a request (and cached per isolate). */
export interface SettingsReader {
  read(): Promise<Settings>;
}

/** Per-request values set once by the context middleware and read by handlers. */
export interface Variables {
  /** The D1 binding for hand-written SQL (metered in benchmark mode). */
  d1: D1Database;
  db: Db;
  locale: Locale;
  requestId: string;
  demo: boolean;
  caller: Caller | null;
  settings: SettingsReader;
  /** This request's D1 counts, when the benchmark asked for them (request-context.ts); else null. */
  d1Metrics: D1Metrics | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: Variables;
}
