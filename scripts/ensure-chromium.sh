#!/bin/sh
# PDFs (invoices, bills of lading, order prints) are rendered by a Chromium.
# Use one that is already there; on Debian/Ubuntu as root, install the `chromium`
# package when none is found; otherwise go on: the app starts and answers PDF
# requests with a 503 that names this fix.
for candidate in "$CHROME_PATH" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    echo "Chromium for PDFs: $candidate"
    exit 0
  fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for PDF rendering..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null 2>&1; } ||
    echo "warning: could not install chromium; PDFs will answer 503 until one is installed (set CHROME_PATH)."
  exit 0
fi
echo "warning: no Chromium found. Install one (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH; PDFs answer 503 until then."
exit 0
