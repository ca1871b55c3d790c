// altcha ships no declaration for these two translation entry points; they only register strings on import.
declare module 'altcha/i18n/zh-cn';
declare module 'altcha/i18n/zh-hk';
