import type { ServerTexts } from './types.ts';

export const zhHk: ServerTexts = {
  messages: {
    signupSent: (email) => `我們已向 ${email} 發送確認電郵。請打開電郵中的連結以啟用您的帳戶。`,
    invitedSignupDone: '您的帳戶已建立，現在可以登入。',
    verificationResent: (email) => `我們已向 ${email} 重新發送確認電郵。請打開電郵中的連結以啟用您的帳戶。`,
    recoverSent: (email) => `我們已向 ${email} 發送一封附有重設密碼連結的電郵。`,
    passwordChanged: '您的密碼已更改，現在可以使用新密碼登入。',
  },
  errors: {
    invalidToken: '連結無效或已過期。',
    captchaInvalid: '真人驗證失敗，請再試一次。',
    emailAlreadyRegistered: '此電郵已被註冊。',
    alreadyVerified: '此帳戶已經驗證。',
    emailNotRegistered: '此電郵尚未註冊。',
    accountNotVerified: '此帳戶需要驗證。',
    notOwner: '只有帳戶擁有人才能存取此頁面',
    validation: {
      MISSING_EMAIL: '請填寫電郵地址。',
      EMAIL_INCORRECT_FORMAT: '電郵地址格式不正確',
      MISSING_PASSWORD: '請填寫密碼。',
      PASSWORD_NOT_ENOUGH_LENGTH: '密碼長度必須為 10 至 32 個字元。',
      PASSWORD_NO_DIGIT: '密碼必須包含至少一個數字。',
      PASSWORD_NO_UPPERCASE: '密碼必須包含至少一個大寫字母。',
      PASSWORD_NO_LOWERCASE: '密碼必須包含至少一個小寫字母。',
      MISSING_NAME: '請填寫您的名稱。',
      MISSING_ACCEPT_TERM_AND_CONDITIONS: '請接受條款及細則。',
    },
  },
  mail: {
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    linkFallback: '如果按鈕無法使用，請將以下網址複製到瀏覽器：',
    verification: {
      subject: (product) => `請確認您的 ${product} 電郵地址`,
      intro: (product) => `多謝您註冊 ${product}。請確認您的電郵地址以啟用帳戶。`,
      action: '啟用帳戶',
      validity: (hours) => `此連結於 ${hours} 小時內有效。`,
      ignore: '如果您沒有註冊，請忽略此電郵。',
    },
    reset: {
      subject: (product) => `重設您的 ${product} 密碼`,
      intro: () => '我們收到重設您帳戶密碼的要求。請透過以下連結設定新密碼。',
      action: '重設密碼',
      validity: (minutes) => `此連結於 ${minutes} 分鐘內有效，並只可使用一次。`,
      ignore: '如果您沒有要求重設密碼，請忽略此電郵，您的密碼將保持不變。',
    },
    invitation: {
      subject: (inviter, product) => `${inviter} 邀請您加入 ${product}`,
      intro: (inviter, product) => `${inviter} 邀請您加入其 ${product} 帳戶。請透過以下連結建立您的帳戶。`,
      action: '接受邀請',
      validity: (days) => `此邀請於 ${days} 日內有效。`,
      ignore: '如果您不認識邀請人，請忽略此電郵。',
    },
  },
};
