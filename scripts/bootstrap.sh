#!/usr/bin/env bash
# Installs everything the README's commands need on a fresh machine (only Node 20, npm and git):
# pnpm, the workspace's packages, and with --browser Debian's chromium for the browser tests.
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=12.21.0
if ! command -v pnpm >/dev/null 2>&1; then
  echo "bootstrap: installing pnpm $PNPM_VERSION"
  # Corepack on Node 20 fails pnpm's signature check, so pnpm comes from npm.
  npm install --global --silent "pnpm@$PNPM_VERSION"
fi

if [ "${1:-}" = "--browser" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "bootstrap: installing Debian's chromium for the browser tests"
  SUDO=""
  [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# Reinstall only when the lockfile changed since the last install.
stamp=node_modules/.bootstrap-stamp
want=$(sha1sum pnpm-lock.yaml 2>/dev/null | cut -d' ' -f1 || echo none)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "bootstrap: installing packages"
  if [ -f pnpm-lock.yaml ]; then pnpm install --frozen-lockfile --reporter=append-only; else pnpm install; fi
  echo "$want" > "$stamp"
fi
