#!/bin/sh
# install_native_host.sh - register the LinkStash native messaging host for
# the current user (Chrome, Chromium, Brave, Firefox).
#
# usage: install_native_host.sh [--uninstall] [--extension-id ID]
set -eu

HOST_NAME="com.linkstash.native"
CHROME_EXT_ID="${LINKSTASH_EXT_ID:-hkdlgbbmfkcpjkeimfgboadjcdndcpjo}"
FIREFOX_EXT_ID="linkstash@linkstash.app"
SRC="$(cd "$(dirname "$0")" && pwd)/linkstash_host.py"
CONFIG_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
LIB_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/linkstash"
ACTION=install

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
  echo "$CONFIG_HOME/google-chrome/NativeMessagingHosts"
  echo "$CONFIG_HOME/chromium/NativeMessagingHosts"
  echo "$CONFIG_HOME/BraveSoftware/Brave-Browser/NativeMessagingHosts"
}

firefox_dirs() {
  echo "$HOME/.mozilla/native-messaging-hosts"
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
  mkdir -p "$dir"
  printf '%s\n' "$body" > "$dir/${HOST_NAME}.json"
  chmod 0644 "$dir/${HOST_NAME}.json"
  echo "  + $dir/${HOST_NAME}.json"
}

install_host() {
  [ -f "$SRC" ] || { echo "missing $SRC" >&2; exit 1; }
  install -d -m 0755 "$LIB_DIR"
  install -m 0755 "$SRC" "$LIB_DIR/linkstash_host.py"
  echo "host installed in $LIB_DIR"

  cm="$(chromium_manifest)"
  for d in $(chromium_dirs); do
    # only register with browsers that have a profile directory already
    [ -d "$(dirname "$d")" ] || continue
    place_manifest "$d" "$cm"
  done
  fm="$(firefox_manifest)"
  for d in $(firefox_dirs); do place_manifest "$d" "$fm"; done
}

uninstall_host() {
  for d in $(chromium_dirs) $(firefox_dirs); do
    if [ -f "$d/${HOST_NAME}.json" ]; then
      rm -f "$d/${HOST_NAME}.json"
      echo "  - $d/${HOST_NAME}.json"
    fi
  done
  rm -rf "$LIB_DIR"
}

case "$ACTION" in
  install) install_host ;;
  uninstall) uninstall_host ;;
esac
echo "restart your browsers to pick up the change"
