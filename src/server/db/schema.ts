import type { Generated } from 'kysely';

/** Times are epoch milliseconds; flags are 0/1 integers so both dialects store them alike. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  phone: string;
  role: string;
  scheme: string | null;
  coverage: Generated<string>;
  newsletter_opt_in: Generated<number>;
  email_confirmed_at: number | null;
  confirm_code_hash: string | null;
  login_count: Generated<number>;
  premium_credits: Generated<number>;
  locked_until: number | null;
  email_template: Generated<string>;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  user_id: number;
  at: number;
}

export interface InviteCodesTable {
  code: string;
  created_at: number;
  used_by: number | null;
  used_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  subject: string;
  contact_method: string;
  message: string;
  created_at: number;
}

export interface TermsTable {
  id: Generated<number>;
  title: string;
  message_html: string;
  updated_at: number;
}

export interface TermsAcceptancesTable {
  user_id: number;
  accepted_to: number;
  accepted_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  title: string;
  message_html: string;
  /** JSON array of {label, value}. */
  options: string;
  created_at: number;
}

export interface MessageResponsesTable {
  user_id: number;
  message_id: number;
  response: string;
  answered_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  invite_codes: InviteCodesTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  contact_requests: ContactRequestsTable;
  terms: TermsTable;
  terms_acceptances: TermsAcceptancesTable;
  messages: MessagesTable;
  message_responses: MessageResponsesTable;
}
