/** Messages drawer, replies and new conversations, spec 1 §2, §5 and §8 (verbatim). */
export const FAILED_TO_GET_USER_CONVERSATIONS = 'Failed to get user conversations';
export const FAILED_TO_SEND_REPLY = 'Failed to send reply';
export const REPLY_SEND_ERROR = 'An error occurred while sending the reply';
export const FAILED_TO_MARK_READ = 'Failed to mark conversation as read';
export const FAILED_TO_START_CONVERSATION = 'failed to start conversation';
export const REPLY_SENT = 'reply sent successfully';
export const CONVERSATION_STARTED = 'conversation started successfully';

export const REPLY_REQUIRED = 'Please enter your reply';
export const SUBJECT_REQUIRED = 'Please enter a subject';
export const MESSAGE_REQUIRED = 'Please enter a message';
export const IMAGE_ONLY = 'You can only upload image files!';
export const IMAGE_TOO_LARGE = 'Image must be smaller than 5MB!';

export const INSERT_CURRENT_URL = 'Insert Current URL';
export const NEW_RIBBON = 'New';
export const NEW_CONVERSATION = 'New Conversation';
export const START_NEW_CONVERSATION_TITLE = 'Start New Conversation';
export const MESSAGES_TITLE = 'Messages';
