// The camera barcode scanner: a sheet with the back camera's live picture, a frame to aim with and a status
// line. A code counts only when it is an ISBN, EAN or UPC whose check digit is right (readCode), so a misread
// is dropped, never searched. The camera is released as soon as the sheet closes or the screen goes away.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { readCode } from '@shared/sources/codes';
import { ErrorAlert } from '@web/components/alert';
import { Sheet } from '@web/components/sheet';
import { createFrameDecoder, type FrameDecoder } from '../barcode-decoder';
import './barcode-scanner.css';

export interface BarcodeScannerProps {
  /** single: the first code read is given and the scanner closes itself via onClose; continuous: every new code is given, with a beep and a vibration, until the person closes it. */
  mode: 'single' | 'continuous';
  onCode: (code: string) => void;
  onClose: () => void;
}

type CameraProblem = 'denied' | 'noCamera' | 'unavailable' | 'insecure' | 'reader';

const messages = defineMessages<{
  title: NoMessageValues;
  view: NoMessageValues;
  starting: NoMessageValues;
  aim: NoMessageValues;
  count: { count: number };
  last: { code: string };
  denied: NoMessageValues;
  noCamera: NoMessageValues;
  unavailable: NoMessageValues;
  insecure: NoMessageValues;
  reader: NoMessageValues;
}>({
  title: { id: 'sources.scanner.title', defaultMessage: 'Scan a barcode' },
  view: { id: 'sources.scanner.view', defaultMessage: 'What the camera sees' },
  starting: { id: 'sources.scanner.starting', defaultMessage: 'Starting the camera…' },
  aim: { id: 'sources.scanner.aim', defaultMessage: 'Hold the barcode inside the frame, about a hand’s width away.' },
  count: { id: 'sources.scanner.count', defaultMessage: '{count, plural, one {# code read} other {# codes read}}' },
  last: { id: 'sources.scanner.last', defaultMessage: 'Last: {code}' },
  denied: {
    id: 'sources.scanner.denied',
    defaultMessage: 'The camera was refused. Allow it for this site in the browser’s settings, then try again.',
  },
  noCamera: { id: 'sources.scanner.noCamera', defaultMessage: 'No camera was found on this device.' },
  unavailable: {
    id: 'sources.scanner.unavailable',
    defaultMessage: 'The camera cannot be used right now: another app may be using it.',
  },
  insecure: {
    id: 'sources.scanner.insecure',
    defaultMessage: 'The browser allows the camera only on a secure connection (HTTPS, or localhost).',
  },
  reader: { id: 'sources.scanner.reader', defaultMessage: 'The barcode reader could not be loaded. Reload the page and try again.' },
});

/** Pause between two looks at the picture: quick enough to feel immediate, and it leaves a phone some rest. */
const FRAME_INTERVAL_MS = 120;
/** In continuous mode, a code seen again within this time is the same thing still in front of the camera. */
const REPEAT_WINDOW_MS = 3000;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'unavailable';
}

/** A short beep, as a checkout scanner gives. */
function beep(audio: AudioContext) {
  // A browser may hold the sound back until the page has been touched; the tap on Scan counts.
  if (audio.state === 'suspended') void audio.resume();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = 1760;
  gain.gain.value = 0.05;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.09);
}

export function BarcodeScanner({ mode, onCode, onClose }: BarcodeScannerProps) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [read, setRead] = useState<{ count: number; last: string } | null>(null);
  const giveCode = useEffectEvent((code: string) => onCode(code));
  const close = useEffectEvent(() => onClose());
  // The scanner goes away by being unmounted, which a <dialog> does not answer by giving focus back to
  // the button that opened it (as closing it would): done here. Read before the dialog takes the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus(), [opener]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    /** When each code was last seen (continuous mode), so one held in view is given once. */
    const seen = new Map<string, number>();
    let count = 0;
    // Made now, while the tap that opened the scanner still counts as the person's gesture for audio.
    const audio = mode === 'continuous' && typeof AudioContext === 'function' ? new AudioContext() : null;

    const release = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      video.srcObject = null;
    };
    const fail = (which: CameraProblem) => {
      if (!stopped) setProblem(which);
      release();
    };

    /** The codes in one frame: true when the scanner is done (single mode). */
    const take = (texts: string[]): boolean => {
      const now = Date.now();
      for (const text of texts) {
        const code = readCode(text)?.code;
        if (!code) continue;
        if (mode === 'single') {
          release();
          giveCode(code);
          close();
          return true;
        }
        const before = seen.get(code);
        seen.set(code, now);
        if (before !== undefined && now - before < REPEAT_WINDOW_MS) continue;
        count += 1;
        setRead({ count, last: code });
        if (audio) beep(audio);
        navigator.vibrate?.(80);
        giveCode(code);
      }
      return false;
    };

    const look = async (reader: FrameDecoder) => {
      if (stopped) return;
      let texts: string[] = [];
      try {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) texts = await reader.decode(video);
      } catch {
        // A frame that cannot be read (the camera switching resolution) is skipped.
      }
      if (stopped || take(texts)) return;
      timer = window.setTimeout(() => void look(reader), FRAME_INTERVAL_MS);
    };

    const start = async () => {
      if (!window.isSecureContext) return fail('insecure');
      if (!navigator.mediaDevices?.getUserMedia) return fail('unavailable');
      // The reader loads while the person answers the browser's camera question.
      const decoder = createFrameDecoder();
      decoder.catch(() => undefined);
      let camera: MediaStream;
      try {
        camera = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        return fail(problemOf(error));
      }
      if (stopped) {
        camera.getTracks().forEach((track) => track.stop());
        return;
      }
      stream = camera;
      video.srcObject = camera;
      video.play().catch(() => undefined);
      let reader: FrameDecoder;
      try {
        reader = await decoder;
      } catch {
        return fail('reader');
      }
      if (stopped) return;
      setScanning(true);
      void look(reader);
    };

    void start();
    return () => {
      release();
      void audio?.close();
    };
  }, [mode]);

  let status: string;
  if (read)
    status = `${intl.formatMessage(messages.count, { count: read.count })} · ${intl.formatMessage(messages.last, { code: read.last })}`;
  else status = intl.formatMessage(scanning ? messages.aim : messages.starting);

  return (
    <Sheet open title={intl.formatMessage(messages.title)} onClose={onClose}>
      <div className="barcode-scanner">
        <div className="barcode-scanner__view" hidden={problem !== null}>
          <video ref={videoRef} className="barcode-scanner__video" muted playsInline aria-label={intl.formatMessage(messages.view)} />
          <div className="barcode-scanner__frame" aria-hidden="true" />
        </div>
        {problem ? (
          <ErrorAlert>{intl.formatMessage(messages[problem])}</ErrorAlert>
        ) : (
          <p className="barcode-scanner__status" role="status">
            {status}
          </p>
        )}
      </div>
    </Sheet>
  );
}
