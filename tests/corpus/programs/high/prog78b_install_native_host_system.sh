#!/bin/sh
# install_native_host_system.sh - register the LinkStash native messaging
# host for every user on this machine (Chrome, Chromium, Brave, Firefox).
#
# usage: install_native_host_system.sh [--uninstall] [--extension-id ID]
set -eu

HOST_NAME="com.linkstash.native"
CHROME_EXT_ID="${LINKSTASH_EXT_ID:-hkdlgbbmfkcpjkeimfgboadjcdndcpjo}"
FIREFOX_EXT_ID="linkstash@linkstash.app"
SRC="$(cd "$(dirname "$0")" && pwd)/linkstash_host.py"
LIB_DIR="/usr/local/lib/linkstash"
ACTION=install

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  elif command -v doas >/dev/null 2>&1; then
    doas "$@"
  else
    echo "need root to write $*" >&2
    exit 1
  fi
}

while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) ACTION=uninstall ;;
    --extension-id) shift; CHROME_EXT_ID="$1" ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

chromium_dirs() {
  echo /etc/opt/chrome/native-messaging-hosts
  echo /etc/chromium/native-messaging-hosts
  echo /etc/opt/brave.com/brave/native-messaging-hosts
}

firefox_dirs() {
  echo /usr/lib/mozilla/native-messaging-hosts
  echo /usr/lib64/mozilla/native-messaging-hosts
}

chromium_manifest() {
  cat <<EOF
{
  "name": "${HOST_NAME}",
  "description": "LinkStash bookmark bridge",
  "path": "${LIB_DIR}/linkstash_host.py",
  "type": "stdio",
  "allowed_origins": ["chrome-extension://${CHROME_EXT_ID}/"]
}
EOF
}

firefox_manifest() {
  cat <<EOF
{
  "name": "${HOST_NAME}",
  "description": "LinkStash bookmark bridge",
  "path": "${LIB_DIR}/linkstash_host.py",
  "type": "stdio",
  "allowed_extensions": ["${FIREFOX_EXT_ID}"]
}
EOF
}

place_manifest() {
  dir="$1"; body="$2"
  as_root mkdir -p "$dir"
  printf '%s\n' "$body" | as_root tee "$dir/${HOST_NAME}.json" >/dev/null
  as_root chmod 0644 "$dir/${HOST_NAME}.json"
  echo "  + $dir/${HOST_NAME}.json"
}

install_host() {
  [ -f "$SRC" ] || { echo "missing $SRC" >&2; exit 1; }
  as_root install -d -m 0755 "$LIB_DIR"
  as_root install -m 0755 -o root -g root "$SRC" "$LIB_DIR/linkstash_host.py"
  echo "host installed in $LIB_DIR"

  cm="$(chromium_manifest)"
  for d in $(chromium_dirs); do place_manifest "$d" "$cm"; done
  fm="$(firefox_manifest)"
  for d in $(firefox_dirs); do
    # lib64 only exists on some distributions
    case "$d" in
      /usr/lib64/*) [ -d /usr/lib64 ] || continue ;;
    esac
    place_manifest "$d" "$fm"
  done
}

uninstall_host() {
  for d in $(chromium_dirs) $(firefox_dirs); do
    if [ -f "$d/${HOST_NAME}.json" ]; then
      as_root rm -f "$d/${HOST_NAME}.json"
      echo "  - $d/${HOST_NAME}.json"
    fi
  done
  as_root rm -rf "$LIB_DIR"
}

case "$ACTION" in
  install) install_host ;;
  uninstall) uninstall_host ;;
esac
echo "restart your browsers to pick up the change"
