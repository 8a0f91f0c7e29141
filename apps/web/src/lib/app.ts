/** The product's name, as the header and the sign-in screen show it. */
export const APP_NAME = 'Ice House Order Manager';
