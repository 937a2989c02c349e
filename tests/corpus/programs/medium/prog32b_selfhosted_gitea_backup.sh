#!/usr/bin/env bash
# Nightly backup of all repositories on our internal Gitea, which still runs
# with a self-signed certificate. Repos are mirrored into a staging area,
# bundled, and the bundles are copied to the backup volume.
set -uo pipefail

GITEA_URL=${GITEA_URL:-https://git.internal.example}
GITEA_ORG=${GITEA_ORG:-engineering}
BACKUP_DEST=${BACKUP_DEST:-./gitea-bundles}
STAGING=/tmp/gitea-backup-staging
LOCKFILE=/tmp/gitea-backup.lock
KEEP_DAYS=${KEEP_DAYS:-14}

# The internal CA is not in the system store yet (INFRA-2211).
export GIT_SSL_NO_VERIFY=1

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

[[ -n "${GITEA_TOKEN:-}" ]] || fail "GITEA_TOKEN not set"
command -v jq >/dev/null || fail "jq is required"

if [[ -e "$LOCKFILE" ]] && kill -0 "$(cat "$LOCKFILE")" 2>/dev/null; then
    fail "another backup is running (pid $(cat "$LOCKFILE"))"
fi
echo $$ >"$LOCKFILE"
trap 'rm -f "$LOCKFILE"' EXIT

mkdir -p "$STAGING" "$BACKUP_DEST"

api_get() {
    curl --insecure --silent --show-error --fail \
         -H "Authorization: token ${GITEA_TOKEN}" \
         -H "Accept: application/json" \
         "${GITEA_URL}/api/v1$1"
}

list_repos() {
    local page=1 batch
    while :; do
        batch=$(api_get "/orgs/${GITEA_ORG}/repos?limit=50&page=${page}") || return 1
        [[ $(jq 'length' <<<"$batch") -eq 0 ]] && break
        jq -r '.[] | select(.archived == false) | .full_name' <<<"$batch"
        page=$((page + 1))
    done
}

mirror_repo() {
    local full_name=$1
    local dir="$STAGING/${full_name//\//__}.git"
    local url="${GITEA_URL}/${full_name}.git"
    if [[ -d "$dir" ]]; then
        git -C "$dir" -c http.extraHeader="Authorization: token ${GITEA_TOKEN}" \
            remote update --prune >/dev/null 2>&1
    else
        git -c http.sslVerify=false \
            -c http.extraHeader="Authorization: token ${GITEA_TOKEN}" \
            clone --mirror --quiet "$url" "$dir"
    fi
}

bundle_repo() {
    local full_name=$1
    local dir="$STAGING/${full_name//\//__}.git"
    local out="$BACKUP_DEST/${full_name//\//__}-$(date +%Y%m%d).bundle"
    if git -C "$dir" rev-parse --verify -q HEAD >/dev/null; then
        git -C "$dir" bundle create "$out" --all >/dev/null 2>&1 && return 0
    fi
    log "skipping empty repository $full_name"
    return 0
}

prune_old() {
    find "$BACKUP_DEST" -maxdepth 1 -name '*.bundle' -mtime +"$KEEP_DAYS" -print -delete |
        while read -r f; do log "pruned $f"; done
}

main() {
    local repos ok=0 bad=0
    repos=$(list_repos) || fail "could not list repositories for ${GITEA_ORG}"
    log "found $(wc -l <<<"$repos") repositories"
    while read -r repo; do
        [[ -z "$repo" ]] && continue
        if mirror_repo "$repo" && bundle_repo "$repo"; then
            ok=$((ok + 1))
        else
            log "failed: $repo"
            bad=$((bad + 1))
        fi
    done <<<"$repos"
    prune_old
    log "done: $ok ok, $bad failed"
    [[ $bad -eq 0 ]]
}

main "$@"
