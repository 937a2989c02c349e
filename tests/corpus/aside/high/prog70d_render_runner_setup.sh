#!/bin/sh
# render_runner_setup.sh - prepare a box for JS-rendered SEO audits.
#
# Installs Chromium + chromedriver + fonts needed by the Selenium based
# renderer, pins the driver to the browser's major version, and blocks the
# common analytics/tag-manager hosts so audit page loads do not pollute the
# marketing analytics with bot hits.
#
#   ./render_runner_setup.sh [--no-hosts] [--driver-dir DIR]
set -eu

DRIVER_DIR=/usr/local/bin
BLOCK_HOSTS=1
HOSTS_TAG="# seo-render-runner"
BLOCKLIST="www.google-analytics.com
region1.google-analytics.com
www.googletagmanager.com
connect.facebook.net
static.hotjar.com
script.hotjar.com
cdn.segment.com
api.segment.io
snap.licdn.com
bat.bing.com"

say() { printf '==> %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --no-hosts) BLOCK_HOSTS=0 ;;
    --driver-dir) DRIVER_DIR="$2"; shift ;;
    *) fail "unknown argument $1" ;;
  esac
  shift
done

if [ "$(id -u)" -eq 0 ]; then AS_ROOT=""; else AS_ROOT="sudo"; fi
command -v apt-get >/dev/null 2>&1 || fail "this script expects a Debian/Ubuntu runner"

. /etc/os-release
say "preparing $PRETTY_NAME"

install_packages() {
  say "installing browser and fonts"
  $AS_ROOT apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $AS_ROOT apt-get install -y -qq \
    chromium fonts-liberation fonts-noto-color-emoji fonts-noto-cjk unzip curl jq
}

install_driver() {
  major=$(chromium --version | grep -oE '[0-9]+' | head -n1)
  [ -n "$major" ] || fail "could not determine chromium version"
  say "fetching chromedriver for Chromium $major"
  url=$(curl -fsS https://googlechromelabs.github.io/chrome-for-testing/latest-versions-per-milestone-with-downloads.json \
        | jq -r --arg m "$major" '.milestones[$m].downloads.chromedriver[] | select(.platform=="linux64") | .url')
  [ -n "$url" ] && [ "$url" != null ] || fail "no chromedriver build for milestone $major"
  tmp=$(mktemp -d)
  curl -fsSL -o "$tmp/driver.zip" "$url"
  unzip -q "$tmp/driver.zip" -d "$tmp"
  $AS_ROOT install -m 0755 "$tmp"/chromedriver-linux64/chromedriver "$DRIVER_DIR/chromedriver"
  rm -rf "$tmp"
  say "chromedriver $("$DRIVER_DIR/chromedriver" --version | cut -d' ' -f2) installed"
}

block_trackers() {
  [ "$BLOCK_HOSTS" -eq 1 ] || return 0
  if grep -q "$HOSTS_TAG" /etc/hosts; then
    say "tracker block already present in /etc/hosts"
    return 0
  fi
  say "adding tracker block to /etc/hosts"
  $AS_ROOT cp /etc/hosts /etc/hosts.seo-render.bak
  {
    echo ""
    echo "$HOSTS_TAG begin"
    echo "$BLOCKLIST" | while read -r h; do
      [ -n "$h" ] && printf '0.0.0.0 %s\n' "$h"
    done
    echo "$HOSTS_TAG end"
  } | $AS_ROOT tee -a /etc/hosts >/dev/null
}

install_packages
install_driver
block_trackers
say "runner ready"
