// Texts several screens share, including the success and error messages of docs/product.md §8.
import { defineMessages } from 'react-intl';

export const commonMessages = defineMessages({
  operationSucceeded: { id: 'common.messages.operationSucceeded', defaultMessage: 'Operation succeeded!' },
  passwordChanged: { id: 'common.messages.passwordChanged', defaultMessage: 'Password changed' },
  fileUploaded: { id: 'common.messages.fileUploaded', defaultMessage: 'Your file has been uploaded' },
  uploadFailed: { id: 'common.messages.uploadFailed', defaultMessage: 'An error occured while uploading file.' },
  downloadFailed: { id: 'common.messages.downloadFailed', defaultMessage: 'An error occured while downloading file.' },
  borrowRequestSent: { id: 'common.messages.borrowRequestSent', defaultMessage: 'Your borrow request has been sent' },
  profileUpdated: { id: 'common.messages.profileUpdated', defaultMessage: 'Your profile has been updated' },
  failed: { id: 'common.messages.failed', defaultMessage: 'Failed' },
  loading: { id: 'common.messages.loading', defaultMessage: 'Loading…' },
  save: { id: 'common.actions.save', defaultMessage: 'Save' },
  cancel: { id: 'common.actions.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'common.actions.delete', defaultMessage: 'Delete' },
  edit: { id: 'common.actions.edit', defaultMessage: 'Edit' },
  back: { id: 'common.actions.back', defaultMessage: 'Back' },
  yes: { id: 'common.values.yes', defaultMessage: 'Yes' },
  no: { id: 'common.values.no', defaultMessage: 'No' },
});
