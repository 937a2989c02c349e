#!/usr/bin/env bash
# label_template_sync.sh - pull the current ZPL pallet / carton label
# templates (SSCC-18, GS1-128 pallet labels, bonded-stock hold tags) from the
# label vendor portal into ./templates for the print station.
#
# Usage: ./label_template_sync.sh [-c label_sync.conf] [-n] [--clean]
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

WORKDIR="$(pwd)"
CACHE_DIR="$WORKDIR/.cache/labels"
TEMPLATE_DIR="$WORKDIR/templates"
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

main() {
  read_conf
  [ -n "$SITE" ] || fail "SITE not set (config $CONF)"
  mkdir -p "$CACHE_DIR" "$TEMPLATE_DIR/.bak"

  local manifest="$CACHE_DIR/manifest.txt"
  log INFO "fetching $CHANNEL manifest for site $SITE from $PORTAL"
  fetch "$PORTAL/api/sites/$SITE/channels/$CHANNEL/manifest.txt" "$manifest" \
    || fail "could not fetch manifest"

  local kind name sum path count=0 bad=0
  # manifest format: <kind> <file name> <sha256> <relative url>
  while read -r kind name sum path; do
    [ -z "${kind:-}" ] && continue
    case "$kind" in \#*) continue ;; esac
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

  [ "$CLEAN" -eq 1 ] && rm -rf "$CACHE_DIR"
  log INFO "done: $count templates ok, $bad failed"
  [ "$bad" -eq 0 ]
}

main "$@"
