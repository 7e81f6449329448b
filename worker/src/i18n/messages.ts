// Server-side texts in both languages: error messages of the envelope and emails. The SPA translates
// error codes itself; these messages serve API clients and the emails the server sends.
import type { Locale } from '../../../shared/constants';
import type { ErrorCode } from '../../../shared/errors';

type ErrorMessages = Record<`error.${ErrorCode}`, string>;

const en = {
  'error.VALIDATION_FAILED': 'Some fields are invalid.',
  'error.INVALID_JSON': 'The request body is not valid JSON.',
  'error.PASSWORDS_NOT_EQUAL': 'Passwords are not equals!',
  'error.INVALID_CURRENT_PASSWORD': 'The current password is wrong.',
  'error.RESET_TOKEN_INVALID': 'This reset link is invalid, expired or already used.',
  'error.EMAIL_CHANGE_TOKEN_INVALID': 'This confirmation link is invalid, expired or already used.',
  'error.UNAUTHENTICATED': 'Please sign in.',
  'error.LOGIN_FAILED': 'Login failed!',
  'error.FORBIDDEN': 'You are not allowed to do this.',
  'error.DEMO_MODE': 'Demo mode: nothing can be changed.',
  'error.CANNOT_CHANGE_SELF': 'The administrator cannot delete or disable its own account.',
  'error.CHANGE_IN_PROFILE': 'Change your own password and email address in My profile, with your current password.',
  'error.NOT_FOUND': 'This page does not exists.',
  'error.LOANS_DISABLED': 'Lending is switched off on this server.',
  'error.BORROW_NOT_ALLOWED': 'This item cannot be borrowed by you.',
  'error.BORROWER_EMAIL_TAKEN': 'You already have a borrower with this email address.',
  'error.BORROWER_HOLDS_ITEMS': 'This borrower still holds an item you lent. Get it back first.',
  'error.LOAN_TRANSITION_NOT_ALLOWED': 'This loan is no longer in a state that allows this. Reload to see where it stands.',
  'error.NO_COPY_AVAILABLE': 'Every copy of this item is already lent.',
  'error.METHOD_NOT_ALLOWED': 'This address does not accept this method.',
  'error.USERNAME_TAKEN': 'This username is already used.',
  'error.EMAIL_TAKEN': 'This email address is already used.',
  'error.PROPERTY_KEY_TAKEN': 'Another property of this collection already has this ID.',
  'error.PROPERTY_HAS_VALUES': 'The content type cannot change while items have values for this property.',
  'error.STALE_WRITE': 'Someone changed this since you opened it. Reload to see their changes, then make yours again.',
  'error.DELETED_MEANWHILE': 'Something this change refers to was deleted meanwhile. Reload and try again.',
  'error.PAYLOAD_TOO_LARGE': 'The file is too large.',
  'error.UNSUPPORTED_MEDIA_TYPE': 'This type of file is not accepted.',
  'error.TOO_MANY_REQUESTS': 'Too many attempts. Please retry later.',
  'error.INTERNAL': 'Oops, an error occured!',
  'validation.required': 'This field is required.',
  'validation.too_small': 'Too short or too small (minimum {minimum}).',
  'validation.too_big': 'Too long or too large (maximum {maximum}).',
  'validation.too_small.string': 'Use at least {minimum} characters.',
  'validation.too_big.string': 'Use at most {maximum} characters.',
  'validation.too_small.array': 'Give at least {minimum}.',
  'validation.too_big.array': 'At most {maximum}.',
  'validation.too_small.number': 'Enter at least {minimum}.',
  'validation.too_big.number': 'Enter at most {maximum}.',
  'validation.invalid_format': 'The format is invalid.',
  'validation.invalid_type': 'The value has the wrong type.',
  'validation.unrecognized_keys': 'Unknown field.',
  'validation.invalid': 'The value is invalid.',
  'validation.invalid_number': 'This is not a number.',
  'validation.invalid_rating': 'A rating goes from 0 to 5 in halves.',
  'validation.invalid_date': 'This is not a real date (YYYY-MM-DD).',
  'validation.invalid_datetime': 'This is not a real date and time.',
  'validation.invalid_url': 'Only http, https and mailto addresses are accepted.',
  'validation.url_credentials': 'An address cannot contain a user name or password.',
  'validation.invalid_color': 'A colour is written #rrggbb.',
  'validation.invalid_json': 'This is not valid JSON.',
  'validation.invalid_media': 'Upload the file first.',
  'validation.not_image': 'This file is not an image: send a PNG, JPEG, GIF or WebP picture.',
  'validation.invalid_video': 'Upload a video or give a YouTube, Vimeo or Dailymotion address.',
  'validation.not_multiple': 'This property takes a single value.',
  'validation.unknown_property': 'This collection has no such property.',
  'validation.not_equal': 'Passwords are not equals!',
  'validation.wrong_password': 'The current password is wrong.',
  'item.copy': '{title} (copy)',
  'email.greeting': 'Hello {name},',
  'email.reset.subject': 'Reset your Vitrine password',
  'email.reset.body':
    'Someone asked to reset the password of your Vitrine account. Open this link to choose a new password. It works once and expires in two hours.',
  'email.reset.action': 'Choose a new password',
  'email.reset.ignore': 'If you did not ask for this, ignore this email: your password stays as it is.',
  'email.change.confirm.subject': 'Confirm your new Vitrine email address',
  'email.change.confirm.body':
    'You asked to use this address for your Vitrine account. Open this link to confirm it. It works once and expires in 24 hours.',
  'email.change.confirm.action': 'Confirm this address',
  'email.change.confirm.ignore': 'If you did not ask for this, ignore this email: nothing changes.',
  'email.change.notice.subject': 'The email address of your Vitrine account is being changed',
  'email.change.notice.body':
    'Someone signed in to your Vitrine account asked to change its email address to {email}. It changes once that address is confirmed.',
  'email.change.removed.subject': 'The email address of your Vitrine account was removed',
  'email.change.removed.body':
    'Someone signed in to your Vitrine account removed its email address: password reset links can no longer be sent to you.',
  'email.change.notice.warning':
    'If it was not you, change your password right away (ask for a reset link on the sign-in page if needed): whoever did this knows it.',
} satisfies ErrorMessages & Record<string, string>;

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  'error.VALIDATION_FAILED': 'Certains champs sont invalides.',
  'error.INVALID_JSON': "Le corps de la requête n'est pas un JSON valide.",
  'error.PASSWORDS_NOT_EQUAL': 'Les mots de passe ne sont pas identiques !',
  'error.INVALID_CURRENT_PASSWORD': 'Le mot de passe actuel est incorrect.',
  'error.RESET_TOKEN_INVALID': 'Ce lien de réinitialisation est invalide, expiré ou déjà utilisé.',
  'error.EMAIL_CHANGE_TOKEN_INVALID': 'Ce lien de confirmation est invalide, expiré ou déjà utilisé.',
  'error.UNAUTHENTICATED': 'Veuillez vous connecter.',
  'error.LOGIN_FAILED': 'Échec de la connexion !',
  'error.FORBIDDEN': "Vous n'avez pas le droit de faire cela.",
  'error.DEMO_MODE': 'Mode démo : rien ne peut être modifié.',
  'error.CANNOT_CHANGE_SELF': "L'administrateur ne peut ni supprimer ni désactiver son propre compte.",
  'error.CHANGE_IN_PROFILE':
    'Changez votre propre mot de passe et votre adresse e-mail dans Mon profil, avec votre mot de passe actuel.',
  'error.NOT_FOUND': "Cette page n'existe pas.",
  'error.LOANS_DISABLED': 'Le prêt est désactivé sur ce serveur.',
  'error.BORROW_NOT_ALLOWED': 'Vous ne pouvez pas emprunter cet objet.',
  'error.BORROWER_EMAIL_TAKEN': 'Vous avez déjà un emprunteur avec cette adresse e-mail.',
  'error.BORROWER_HOLDS_ITEMS': 'Cet emprunteur a encore un objet que vous lui avez prêté. Récupérez-le d’abord.',
  'error.LOAN_TRANSITION_NOT_ALLOWED': 'Ce prêt n’est plus dans un état qui le permet. Rechargez pour voir où il en est.',
  'error.NO_COPY_AVAILABLE': 'Tous les exemplaires de cet objet sont déjà prêtés.',
  'error.METHOD_NOT_ALLOWED': "Cette adresse n'accepte pas cette méthode.",
  'error.USERNAME_TAKEN': "Ce nom d'utilisateur est déjà pris.",
  'error.EMAIL_TAKEN': 'Cette adresse e-mail est déjà utilisée.',
  'error.PROPERTY_KEY_TAKEN': 'Une autre propriété de cette collection a déjà cet identifiant.',
  'error.PROPERTY_HAS_VALUES': 'Le type de contenu ne peut pas changer tant que des objets ont des valeurs pour cette propriété.',
  'error.STALE_WRITE': 'Quelqu’un a modifié ceci depuis que vous l’avez ouvert. Rechargez pour voir ses changements, puis refaites les vôtres.',
  'error.DELETED_MEANWHILE': 'Un élément auquel cette modification se rapporte a été supprimé entre-temps. Rechargez et réessayez.',
  'error.PAYLOAD_TOO_LARGE': 'Le fichier est trop volumineux.',
  'error.UNSUPPORTED_MEDIA_TYPE': "Ce type de fichier n'est pas accepté.",
  'error.TOO_MANY_REQUESTS': 'Trop de tentatives. Veuillez réessayer plus tard.',
  'error.INTERNAL': 'Oups, une erreur est survenue !',
  'validation.required': 'Ce champ est obligatoire.',
  'validation.too_small': 'Trop court ou trop petit (minimum {minimum}).',
  'validation.too_big': 'Trop long ou trop grand (maximum {maximum}).',
  'validation.too_small.string': 'Utilisez au moins {minimum} caractères.',
  'validation.too_big.string': 'Utilisez au plus {maximum} caractères.',
  'validation.too_small.array': 'Indiquez-en au moins {minimum}.',
  'validation.too_big.array': '{maximum} au plus.',
  'validation.too_small.number': 'Saisissez au moins {minimum}.',
  'validation.too_big.number': 'Saisissez au plus {maximum}.',
  'validation.invalid_format': "Le format n'est pas valide.",
  'validation.invalid_type': "La valeur n'a pas le bon type.",
  'validation.unrecognized_keys': 'Champ inconnu.',
  'validation.invalid': "La valeur n'est pas valide.",
  'validation.invalid_number': "Ce n'est pas un nombre.",
  'validation.invalid_rating': 'Une note va de 0 à 5 par demi-points.',
  'validation.invalid_date': "Ce n'est pas une date réelle (AAAA-MM-JJ).",
  'validation.invalid_datetime': "Ce n'est pas une date et heure réelles.",
  'validation.invalid_url': 'Seules les adresses http, https et mailto sont acceptées.',
  'validation.url_credentials': "Une adresse ne peut pas contenir de nom d'utilisateur ni de mot de passe.",
  'validation.invalid_color': "Une couleur s'écrit #rrggbb.",
  'validation.invalid_json': "Ce n'est pas du JSON valide.",
  'validation.invalid_media': "Envoyez d'abord le fichier.",
  'validation.not_image': 'Ce fichier n’est pas une image : envoyez une image PNG, JPEG, GIF ou WebP.',
  'validation.invalid_video': 'Envoyez une vidéo ou donnez une adresse YouTube, Vimeo ou Dailymotion.',
  'validation.not_multiple': "Cette propriété n'accepte qu'une valeur.",
  'validation.unknown_property': "Cette collection n'a pas cette propriété.",
  'validation.not_equal': 'Les mots de passe ne sont pas identiques !',
  'validation.wrong_password': 'Le mot de passe actuel est incorrect.',
  'item.copy': '{title} (copie)',
  'email.greeting': 'Bonjour {name},',
  'email.reset.subject': 'Réinitialisez votre mot de passe Vitrine',
  'email.reset.body':
    "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte Vitrine. Ouvrez ce lien pour choisir un nouveau mot de passe. Il ne fonctionne qu'une fois et expire dans deux heures.",
  'email.reset.action': 'Choisir un nouveau mot de passe',
  'email.reset.ignore':
    "Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  'email.change.confirm.subject': 'Confirmez votre nouvelle adresse e-mail Vitrine',
  'email.change.confirm.body':
    "Vous avez demandé à utiliser cette adresse pour votre compte Vitrine. Ouvrez ce lien pour la confirmer. Il ne fonctionne qu'une fois et expire dans 24 heures.",
  'email.change.confirm.action': 'Confirmer cette adresse',
  'email.change.confirm.ignore': "Si vous n'avez rien demandé, ignorez cet e-mail : rien ne change.",
  'email.change.notice.subject': "L'adresse e-mail de votre compte Vitrine est en cours de changement",
  'email.change.notice.body':
    "Quelqu'un de connecté à votre compte Vitrine a demandé à remplacer son adresse e-mail par {email}. Elle change une fois cette adresse confirmée.",
  'email.change.removed.subject': "L'adresse e-mail de votre compte Vitrine a été retirée",
  'email.change.removed.body':
    "Quelqu'un de connecté à votre compte Vitrine a retiré son adresse e-mail : les liens de réinitialisation du mot de passe ne peuvent plus vous être envoyés.",
  'email.change.notice.warning':
    "Si ce n'était pas vous, changez votre mot de passe tout de suite (demandez un lien de réinitialisation sur la page de connexion si besoin) : l'auteur de cette demande le connaît.",
};

const catalogues: Record<Locale, Record<MessageKey, string>> = { en_US: en, fr_FR: fr };

export function translate(
  locale: Locale,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  return catalogues[locale][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** Content-Language: en_US, fr_FR, fr-FR, fr… → one of our locales (default en_US). */
export function localeFromHeader(header: string | undefined | null): Locale {
  return header?.trim().toLowerCase().startsWith('fr') ? 'fr_FR' : 'en_US';
}
