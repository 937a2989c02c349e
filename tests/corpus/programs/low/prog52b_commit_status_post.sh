#!/usr/bin/env bash
# commit_status_post.sh - publish a CI result as a GitHub commit status.
# The token is passed to curl through a config on stdin (-K -) so it never
# appears in the process list. It is only ever sent to api.github.com.
#
#   GITHUB_TOKEN=... commit_status_post.sh success "unit tests" [target_url]
set -euo pipefail

API_ROOT="https://api.github.com"
CONTEXT_PREFIX="ci/local"
STATE="${1:-}"
DESCRIPTION="${2:-build}"
TARGET_URL="${3:-}"

log() { echo "commit-status: $*" >&2; }

valid_state() {
    case "$1" in
        error|failure|pending|success) return 0 ;;
        *) return 1 ;;
    esac
}

# Derive owner/repo from the origin remote (ssh or https form).
repo_slug() {
    git config --get remote.origin.url \
        | sed -E 's#^(git@github\.com:|https://github\.com/)##; s#\.git$##'
}

json_escape() {
    printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr -d '\n'
}

build_payload() {
    local ctx desc
    ctx="$(json_escape "$CONTEXT_PREFIX/$(basename "$PWD")")"
    desc="$(json_escape "$DESCRIPTION")"
    if [ -n "$TARGET_URL" ]; then
        printf '{"state":"%s","description":"%s","context":"%s","target_url":"%s"}' \
            "$STATE" "$desc" "$ctx" "$(json_escape "$TARGET_URL")"
    else
        printf '{"state":"%s","description":"%s","context":"%s"}' \
            "$STATE" "$desc" "$ctx"
    fi
}

# curl options as a config document; fed through stdin.
curl_config() {
    cat <<EOF
url = "$API_ROOT/repos/$SLUG/statuses/$SHA"
request = "POST"
header = "Accept: application/vnd.github+json"
header = "Authorization: Bearer $GITHUB_TOKEN"
header = "X-GitHub-Api-Version: 2022-11-28"
header = "Content-Type: application/json"
max-time = 20
silent
show-error
fail
EOF
}

valid_state "$STATE" || { log "state must be error|failure|pending|success"; exit 2; }
: "${GITHUB_TOKEN:?GITHUB_TOKEN must be set}"

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { log "not a git checkout"; exit 2; }
SHA="$(git rev-parse HEAD)"
SLUG="$(repo_slug)"
[ -n "$SLUG" ] || { log "could not determine repository from origin"; exit 2; }

payload="$(build_payload)"
attempt=1
max_attempts=3
until response="$(curl_config | curl -K - --data "$payload")"; do
    if [ "$attempt" -ge "$max_attempts" ]; then
        log "giving up after $attempt attempts"
        exit 1
    fi
    log "attempt $attempt failed, retrying in $((attempt * 5))s"
    sleep $((attempt * 5))
    attempt=$((attempt + 1))
done

status_id="$(printf '%s' "$response" | sed -n 's/.*"id": *\([0-9][0-9]*\).*/\1/p' | head -n1)"
log "posted $STATE for ${SHA:0:8} on $SLUG (status id ${status_id:-?})"
