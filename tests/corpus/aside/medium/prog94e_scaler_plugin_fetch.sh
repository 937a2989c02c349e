#!/usr/bin/env bash
# scaler-plugin-fetch - refresh the unit/ingredient plugins used by the
# batch recipe scaler (flour blends, hydration tables, butter block sizes).
#
# plugins.conf lists one plugin per line:   <name> <version>
# Plugins are unpacked into ./plugins/<name>; the scaler loads them on
# its next start.
#
# usage: scaler_plugin_fetch.sh [-c plugins.conf] [-o name] [-n]
set -euo pipefail

CONF="${SCALER_PLUGIN_CONF:-./plugins.conf}"
MIRROR="${SCALER_MIRROR:-https://plugins.doughcalc.example/stable}"
PLUGIN_DIR="./plugins"
STAGE="/tmp/scaler-plugins"
LOG="./plugin-update.log"
ONLY=""
DRY_RUN=0
WGET_OPTS=(--quiet --tries=3 --timeout=20 --no-check-certificate)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:o:nh" opt; do
    case "$opt" in
        c) CONF=$OPTARG ;;
        o) ONLY=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[ -r "$CONF" ] || die "cannot read $CONF"
command -v wget >/dev/null || die "wget is required"
mkdir -p "$STAGE" "$PLUGIN_DIR"

installed_version() {
    local f="$PLUGIN_DIR/$1/VERSION"
    [ -f "$f" ] && cat "$f" || echo "none"
}

fetch_plugin() {
    local name=$1 version=$2
    local file="${name}-${version}.tar.gz"
    local tarball="$STAGE/$file"

    wget "${WGET_OPTS[@]}" -O "$tarball" "$MIRROR/$name/$file" || return 1
    wget "${WGET_OPTS[@]}" -O "$tarball.sha256" "$MIRROR/$name/$file.sha256" || return 1
    if ! (cd "$STAGE" && sha256sum -c "$file.sha256" >/dev/null 2>&1); then
        log "checksum mismatch for $file"
        return 1
    fi
    rm -rf "${PLUGIN_DIR:?}/$name"
    mkdir -p "$PLUGIN_DIR/$name"
    tar -xzf "$tarball" -C "$PLUGIN_DIR/$name" --strip-components=1
    echo "$version" > "$PLUGIN_DIR/$name/VERSION"
}

updated=0
failed=0
while read -r name version _; do
    case "$name" in ''|\#*) continue ;; esac
    [ -n "$ONLY" ] && [ "$name" != "$ONLY" ] && continue

    current=$(installed_version "$name")
    if [ "$current" = "$version" ]; then
        log "$name $version up to date"
        continue
    fi
    log "$name: $current -> $version"
    [ "$DRY_RUN" -eq 1 ] && continue

    if fetch_plugin "$name" "$version"; then
        updated=$((updated + 1))
    else
        log "failed to update $name"
        failed=$((failed + 1))
    fi
done < "$CONF"

log "done: $updated updated, $failed failed"
[ "$failed" -eq 0 ]
