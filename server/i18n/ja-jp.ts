import type { ServerTexts } from './types.ts';

export const jaJp: ServerTexts = {
  messages: {
    signupSent: (email) =>
      `${email} に確認メールを送信しました。メール内のリンクを開いてアカウントを有効にしてください。`,
    invitedSignupDone: 'アカウントが作成されました。サインインできます。',
    verificationResent: (email) =>
      `${email} に確認メールを再送信しました。メール内のリンクを開いてアカウントを有効にしてください。`,
    recoverSent: (email) => `パスワード再設定用のリンクを記載したメールを ${email} に送信しました。`,
    passwordChanged: 'パスワードを変更しました。新しいパスワードでサインインできます。',
  },
  errors: {
    invalidToken: 'リンクが無効か、有効期限が切れています。',
    captchaInvalid: 'ロボットでないことの確認に失敗しました。もう一度お試しください。',
    emailAlreadyRegistered: 'このメールアドレスは既に登録されています。',
    alreadyVerified: 'このアカウントは既に確認済みです。',
    emailNotRegistered: 'このメールアドレスは登録されていません。',
    accountNotVerified: 'アカウントの確認が必要です。',
    notOwner: 'このページにアクセスできるのはアカウントの所有者のみです',
    validation: {
      MISSING_EMAIL: 'メールアドレスを入力してください。',
      EMAIL_INCORRECT_FORMAT: 'メールアドレスの形式が正しくありません',
      MISSING_PASSWORD: 'パスワードを入力してください。',
      // The rule is 10 to 32 everywhere (shared-domain/password.ts), whatever a Japanese text of the first
      // specification said.
      PASSWORD_NOT_ENOUGH_LENGTH: 'パスワードは10～32文字で入力してください。',
      PASSWORD_NO_DIGIT: 'パスワードには数字を1文字以上含めてください。',
      PASSWORD_NO_UPPERCASE: 'パスワードには英大文字を1文字以上含めてください。',
      PASSWORD_NO_LOWERCASE: 'パスワードには英小文字を1文字以上含めてください。',
      MISSING_NAME: 'お名前を入力してください。',
      MISSING_ACCEPT_TERM_AND_CONDITIONS: '利用規約に同意してください。',
    },
  },
  mail: {
    greeting: (name) => (name ? `${name} 様` : 'こんにちは。'),
    linkFallback: 'ボタンが機能しない場合は、次のアドレスをブラウザにコピーしてください：',
    verification: {
      subject: (product) => `${product} のメールアドレスの確認`,
      intro: (product) =>
        `${product} にご登録いただきありがとうございます。アカウントを有効にするため、メールアドレスを確認してください。`,
      action: 'アカウントを有効にする',
      validity: (hours) => `このリンクの有効期限は ${hours} 時間です。`,
      ignore: 'お心当たりのない場合は、このメールを無視してください。',
    },
    reset: {
      subject: (product) => `${product} のパスワード再設定`,
      intro: () =>
        'アカウントのパスワード再設定のリクエストを受け付けました。以下のリンクから新しいパスワードを設定してください。',
      action: 'パスワードを再設定する',
      validity: (minutes) => `このリンクの有効期限は ${minutes} 分で、1回のみ使用できます。`,
      ignore:
        'パスワードの再設定をリクエストしていない場合は、このメールを無視してください。パスワードは変更されません。',
    },
    invitation: {
      subject: (inviter, product) => `${inviter} さんから ${product} への招待が届いています`,
      intro: (inviter, product) =>
        `${inviter} さんが ${product} のアカウントにあなたを招待しました。以下のリンクからアカウントを作成してください。`,
      action: '招待を受ける',
      validity: (days) => `この招待の有効期限は ${days} 日です。`,
      ignore: 'お心当たりのない場合は、このメールを無視してください。',
    },
  },
};
