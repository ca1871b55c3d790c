import type { ServerTexts } from './types.ts';

export const zhCn: ServerTexts = {
  messages: {
    signupSent: (email) => `我们已向 ${email} 发送了一封确认邮件。请打开邮件中的链接以激活您的账户。`,
    invitedSignupDone: '您的账户已创建。现在可以登录了。',
    verificationResent: (email) => `我们已向 ${email} 重新发送了一封确认邮件。请打开邮件中的链接以激活您的账户。`,
    recoverSent: (email) => `我们已向 ${email} 发送了一封包含密码重置链接的邮件。`,
    passwordChanged: '您的密码已更改。现在可以使用新密码登录。',
  },
  errors: {
    invalidToken: '链接无效或已过期。',
    captchaInvalid: '人机验证失败，请重试。',
    emailAlreadyRegistered: '该邮箱已注册。',
    alreadyVerified: '该账户已验证。',
    emailNotRegistered: '该邮箱未注册。',
    accountNotVerified: '该账户需要验证。',
    notOwner: '只有账户所有者才能访问此页面',
    validation: {
      MISSING_EMAIL: '请填写邮箱。',
      EMAIL_INCORRECT_FORMAT: '邮箱格式不正确',
      MISSING_PASSWORD: '请填写密码。',
      PASSWORD_NOT_ENOUGH_LENGTH: '密码长度必须为 10 到 32 个字符。',
      PASSWORD_NO_DIGIT: '密码必须至少包含一个数字。',
      PASSWORD_NO_UPPERCASE: '密码必须至少包含一个大写字母。',
      PASSWORD_NO_LOWERCASE: '密码必须至少包含一个小写字母。',
      MISSING_NAME: '请填写您的姓名。',
      MISSING_ACCEPT_TERM_AND_CONDITIONS: '请接受条款和条件。',
    },
  },
  mail: {
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    linkFallback: '如果按钮无法使用，请将以下地址复制到浏览器中：',
    verification: {
      subject: (product) => `请确认您的 ${product} 邮箱`,
      intro: (product) => `感谢您注册 ${product}。请确认您的邮箱地址以激活账户。`,
      action: '激活账户',
      validity: (hours) => `该链接在 ${hours} 小时内有效。`,
      ignore: '如果您没有注册过，请忽略此邮件。',
    },
    reset: {
      subject: (product) => `重置您的 ${product} 密码`,
      intro: () => '我们收到了重置您账户密码的请求。请通过下面的链接设置新密码。',
      action: '重置密码',
      validity: (minutes) => `该链接在 ${minutes} 分钟内有效，且只能使用一次。`,
      ignore: '如果您没有请求重置密码，请忽略此邮件，您的密码不会改变。',
    },
    invitation: {
      subject: (inviter, product) => `${inviter} 邀请您加入 ${product}`,
      intro: (inviter, product) => `${inviter} 邀请您加入其在 ${product} 上的账户。请通过下面的链接创建您的账户。`,
      action: '接受邀请',
      validity: (days) => `该邀请在 ${days} 天内有效。`,
      ignore: '如果您不认识邀请人，请忽略此邮件。',
    },
  },
};
