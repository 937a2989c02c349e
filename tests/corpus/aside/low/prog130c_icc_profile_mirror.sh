#!/usr/bin/env bash
# icc_profile_mirror.sh - mirror the current media/ICC profiles from the
# vendor portal so every RIP station prints the same colour.
#
# The portal publishes a tab-separated manifest:
#     <kind>  <file name>  <sha256>  <relative url>
# Only "icc" entries are mirrored; anything else in the manifest is listed
# in the report for a human to look at.
#
# Usage: icc_profile_mirror.sh [-c mirror.conf] [-n] [-v]

set -euo pipefail

CONF="./mirror.conf"
DRY_RUN=0
VERBOSE=0

PORTAL="https://profiles.mediapack-portal.com/v3"
SITE_ID="studio-01"
PROFILE_DIR="./icc_profiles"
CACHE_DIR="./.icc_cache"

log()  { printf '%s [icc-mirror] %s\n' "$(date '+%F %T')" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }
die()  { log "ERROR: $*"; exit 1; }

while getopts ":c:nvh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

# Config is plain KEY=value lines; read them without sourcing.
if [ -f "$CONF" ]; then
    while IFS='=' read -r key val; do
        case "$key" in
            PORTAL|SITE_ID|PROFILE_DIR|CACHE_DIR) printf -v "$key" '%s' "$val" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$CONF")
fi

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

mkdir -p "$PROFILE_DIR" "$CACHE_DIR"

fetch() {
    # fetch <url> <dest>
    local url="$1" dest="$2" tries=0
    until curl -fsSL --max-time 60 -o "$dest.part" "$url"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && { rm -f "$dest.part"; return 1; }
        vlog "retry $tries for $url"
        sleep $((tries * 5))
    done
    mv "$dest.part" "$dest"
}

verify() {
    # verify <file> <sha256>
    local got
    got=$(sha256sum "$1" | awk '{print $1}')
    [ "$got" = "$2" ]
}

manifest="$CACHE_DIR/manifest.tsv"
log "fetching manifest for $SITE_ID"
fetch "$PORTAL/sites/$SITE_ID/manifest.tsv" "$manifest" || die "manifest download failed"

updated=0
skipped=0
failed=0
others=()

while IFS=$'\t' read -r kind name sum rel; do
    [ -z "${kind:-}" ] && continue
    case "$kind" in \#*) continue ;; esac

    if [ "$kind" != "icc" ]; then
        others+=("$kind:$name")
        continue
    fi
    target="$PROFILE_DIR/$name"

    if [ -f "$target" ] && verify "$target" "$sum"; then
        skipped=$((skipped + 1))
        continue
    fi

    if [ "$DRY_RUN" -eq 1 ]; then
        log "would update $name"
        continue
    fi

    if fetch "$PORTAL/$rel" "$target" && verify "$target" "$sum"; then
        updated=$((updated + 1))
        vlog "updated $name"
    else
        failed=$((failed + 1))
        log "could not download or verify $name"
        rm -f "$target"
    fi
done < "$manifest"

log "profiles: $updated updated, $skipped current, $failed failed"
if [ "${#others[@]}" -gt 0 ]; then
    log "manifest also lists (not mirrored): ${others[*]}"
fi

printf '%s\t%s\t%d\n' "$(date -u +%FT%TZ)" "$SITE_ID" "$updated" >> ./icc_mirror_history.tsv
[ "$failed" -eq 0 ]
