/** A logo refused for what it is (its type, content or size): the message is for the person who uploaded it. */
export class LogoError extends Error {}
