#!/usr/bin/env bash
# Announce a new release in the project's Discord #releases channel.
#
# Reads the version from ./VERSION and the matching section of
# ./CHANGELOG.md, then posts an embed to the webhook given in
# DISCORD_RELEASE_WEBHOOK.  Only the release notes are sent.
set -euo pipefail

PROJECT_NAME="${PROJECT_NAME:-ledgerline}"
CHANGELOG="${CHANGELOG:-CHANGELOG.md}"
VERSION_FILE="${VERSION_FILE:-VERSION}"
REPO_URL="${REPO_URL:-https://github.com/example-org/ledgerline}"
DRY_RUN=0
MAX_NOTES=1800

log() { printf '[release-post] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-v VERSION]
  -n          dry run: print the payload instead of posting it
  -v VERSION  override the version read from $VERSION_FILE
EOF
}

extract_notes() {
    # Print the lines between "## [version]" and the next "## " heading.
    local version="$1"
    awk -v ver="$version" '
        $0 ~ "^## \\[?"ver"\\]?" { grab = 1; next }
        grab && /^## / { exit }
        grab { print }
    ' "$CHANGELOG"
}

build_payload() {
    local version="$1" notes="$2"
    jq -n \
        --arg title "$PROJECT_NAME $version released" \
        --arg url "$REPO_URL/releases/tag/v$version" \
        --arg notes "$notes" \
        --arg ts "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        '{
            username: "release-bot",
            embeds: [{
                title: $title,
                url: $url,
                description: $notes,
                color: 3066993,
                timestamp: $ts
            }]
        }'
}

main() {
    local version=""
    while getopts ":nv:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            v) version="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    command -v jq >/dev/null || die "jq is required"
    [[ -f "$CHANGELOG" ]] || die "$CHANGELOG not found"
    if [[ -z "$version" ]]; then
        [[ -f "$VERSION_FILE" ]] || die "$VERSION_FILE not found"
        version="$(tr -d '[:space:]' < "$VERSION_FILE")"
    fi
    [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[A-Za-z0-9.]+)?$ ]] || die "bad version '$version'"

    local notes
    notes="$(extract_notes "$version")"
    [[ -n "$notes" ]] || die "no changelog entry for $version"
    if (( ${#notes} > MAX_NOTES )); then
        notes="${notes:0:MAX_NOTES}"$'\n''…(truncated)'
    fi

    local payload
    payload="$(build_payload "$version" "$notes")"

    if (( DRY_RUN )); then
        printf '%s\n' "$payload"
        return 0
    fi

    : "${DISCORD_RELEASE_WEBHOOK:?DISCORD_RELEASE_WEBHOOK must be set}"
    local code
    code="$(curl -sS -o /dev/null -w '%{http_code}' \
        --max-time 20 \
        -H 'Content-Type: application/json' \
        -d "$payload" \
        "$DISCORD_RELEASE_WEBHOOK")"
    case "$code" in
        200|204) log "announced $PROJECT_NAME $version" ;;
        429)     die "rate limited by Discord, try again later" ;;
        *)       die "Discord answered HTTP $code" ;;
    esac
}

main "$@"
