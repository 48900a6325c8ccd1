import { existsSync } from 'node:fs';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(
    `Chromium not found at ${executablePath}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
}

/** Debian's Chromium, headless, with no background traffic: this machine has no internet. */
export const chromiumLaunchOptions = {
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
