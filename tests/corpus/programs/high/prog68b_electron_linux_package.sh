#!/usr/bin/env bash
# Package the Electron client for Linux (unpacked dir + tar.gz) and run a
# headless launch check of the packaged binary before publishing.
#
#   ./electron_linux_package.sh [x64|arm64] [--skip-smoke]
set -euo pipefail

ARCH="${1:-x64}"
SMOKE=1
[[ "${2:-}" == "--skip-smoke" ]] && SMOKE=0

PRODUCT="$(node -p "require('./package.json').productName")"
VERSION="$(node -p "require('./package.json').version")"
BIN_NAME="$(node -p "require('./package.json').name")"
OUT="dist"
if [[ "$ARCH" == x64 ]]; then
  UNPACKED="$OUT/linux-unpacked"
else
  UNPACKED="$OUT/linux-${ARCH}-unpacked"
fi

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

build_unpacked() {
  step "electron-builder --linux dir ($ARCH)"
  rm -rf "$OUT"
  npx --no-install electron-builder --linux dir "--$ARCH" \
    -c.extraMetadata.version="$VERSION" --publish never
  [[ -x "$UNPACKED/$BIN_NAME" ]] || { echo "binary missing in $UNPACKED" >&2; exit 1; }
}

prepare_sandbox_helper() {
  # Chromium refuses to start without the namespace sandbox helper set up
  # the same way distro packages install it.
  local helper="$UNPACKED/chrome-sandbox"
  [[ -f "$helper" ]] || return 0
  step "configuring chrome-sandbox"
  sudo chown root:root "$helper"
  sudo chmod 4755 "$helper"
  stat -c '%A %U:%G %n' "$helper"
}

smoke_test() {
  step "headless launch check"
  local log="$OUT/smoke.log"
  if command -v xvfb-run >/dev/null; then
    timeout 45 xvfb-run -a "$UNPACKED/$BIN_NAME" --smoke-test >"$log" 2>&1 &
  else
    timeout 45 "$UNPACKED/$BIN_NAME" --headless --smoke-test >"$log" 2>&1 &
  fi
  local pid=$!
  if wait "$pid"; then
    echo "smoke test passed"
  else
    echo "smoke test failed, last lines:" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}

make_tarball() {
  step "creating tarball"
  local name="${BIN_NAME}-${VERSION}-linux-${ARCH}"
  local stage="$OUT/$name"
  cp -a "$UNPACKED" "$stage"
  tar --owner=0 --group=0 -C "$OUT" -czf "$OUT/$name.tar.gz" "$name"
  sha256sum "$OUT/$name.tar.gz" | tee "$OUT/$name.tar.gz.sha256"
  rm -rf "$stage"
}

echo "Packaging $PRODUCT $VERSION for linux-$ARCH"
build_unpacked
prepare_sandbox_helper
(( SMOKE )) && smoke_test
make_tarball
ls -lh "$OUT"/*.tar.gz
