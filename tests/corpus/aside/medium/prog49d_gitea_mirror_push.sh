#!/usr/bin/env bash
# Mirror the project repositories listed in mirrors.conf to the internal Gitea.
# Each line: <source-url> <gitea-repo-path>
# Gitea runs with a self-signed certificate on the lab network.
set -uo pipefail

CONF="${MIRROR_CONF:-./mirrors.conf}"
GITEA_BASE="${GITEA_BASE:-https://gitea.lab.internal}"
STAGE="/tmp/gitea-mirror-stage"
LOGFILE="./mirror-push.log"
FAILED=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

usage() {
    echo "usage: $0 [-n] [-c mirrors.conf]" >&2
    exit 2
}

DRY_RUN=0
while getopts "nc:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) CONF="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -r "$CONF" ]] || { log "config $CONF not readable"; exit 2; }
mkdir -p "$STAGE"

mirror_one() {
    local src="$1" dest_path="$2"
    local name work
    name="$(basename "$dest_path" .git)"
    work="${STAGE}/${name}.git"

    if [[ -d "$work" ]]; then
        log "updating cached mirror for ${name}"
        git -C "$work" remote update --prune || return 1
    else
        log "cloning ${src}"
        git clone --mirror --quiet "$src" "$work" || return 1
    fi

    local dest="${GITEA_BASE}/${dest_path}"
    if (( DRY_RUN )); then
        log "[dry-run] git push --mirror ${dest}"
        return 0
    fi
    # the lab CA is not in the trust store
    git -C "$work" -c http.sslVerify=false push --mirror --quiet "$dest"
}

summarise() {
    local total
    total="$(grep -cv '^\s*\(#\|$\)' "$CONF")"
    log "done: $((total - FAILED)) of ${total} mirror(s) pushed"
}

while read -r src dest_path _; do
    [[ -z "${src:-}" || "$src" == \#* ]] && continue
    if [[ -z "${dest_path:-}" ]]; then
        log "malformed line for ${src}"
        FAILED=$((FAILED + 1))
        continue
    fi
    if ! mirror_one "$src" "$dest_path"; then
        log "FAILED: ${src}"
        FAILED=$((FAILED + 1))
    fi
done <"$CONF"

summarise
if [[ "${KEEP_STAGE:-0}" != 1 ]]; then
    rm -rf "$STAGE"
fi
exit $(( FAILED > 0 ))
