import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
page.on('console', (m) => { if ((m.type() === 'error' || m.type() === 'warning') && !m.text().includes('preloaded')) console.log('CONSOLE', m.type(), m.text().slice(0, 200)); });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto('http://localhost:3000/login');
await page.getByRole('button', { name: 'Create an account' }).click();
await page.getByLabel('Email').fill(`x${Date.now()}@example.com`);
await page.getByLabel('Password').fill('correct horse');
await page.getByRole('button', { name: 'Create account' }).click();
await page.waitForURL(/workspace/);
const ideas = page.getByRole('region', { name: 'Ideas' });
const capture = ideas.getByRole('textbox', { name: 'Capture a thought' });
const long = 'A very long idea about the structure of the second act, where the protagonist realises that the map she has been following was drawn by her own grandmother decades ago, and every landmark is a memory.';
for (const t of ['first idea', long, 'third idea with a link https://example.com/page and <b>html</b>']) {
  await capture.fill(t); await capture.press('Enter'); await page.waitForTimeout(300);
}
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/explore/i1.png' });
// click an idea
await ideas.getByText('first idea').click(); await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/explore/i2.png' });
console.log('IDEAS TEXT after click:', (await ideas.innerText()).slice(0, 600));
await page.keyboard.press('Escape');
// search
await page.keyboard.press('Control+/'); await page.waitForTimeout(400);
await page.keyboard.type('grandmother'); await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/explore/s1.png' });
console.log('SEARCH:', (await page.getByRole('dialog').innerText().catch(() => 'none')).slice(0, 500));
await page.keyboard.press('Enter'); await page.waitForTimeout(600);
await page.screenshot({ path: '/tmp/explore/s2.png' });
await browser.close(); process.exit(0);
