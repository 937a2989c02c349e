#!/usr/bin/env bash
# gen_release_notes.sh -- turn conventional commits into release notes.
#
# Collects commits between the previous tag and HEAD (or --from/--to),
# groups them by type (feat, fix, perf, ...), prepends a section to
# CHANGELOG.md and publishes a draft release on our GitHub Enterprise.
#
#   GHE_TOKEN=... ./tools/gen_release_notes.sh --version 2.4.0 [--no-publish]

set -euo pipefail

GHE_API=${GHE_API:-https://github.corp.example.net/api/v3}
REPO=${GITHUB_REPOSITORY:-$(git remote get-url origin | sed -E 's#.*[:/]([^/]+/[^/.]+)(\.git)?$#\1#')}
FROM=""
TO=HEAD
VERSION=""
PUBLISH=1
CHANGELOG=CHANGELOG.md

while [[ $# -gt 0 ]]; do
    case $1 in
        --from) FROM=$2; shift 2 ;;
        --to) TO=$2; shift 2 ;;
        --version) VERSION=$2; shift 2 ;;
        --no-publish) PUBLISH=0; shift ;;
        *) echo "usage: $0 --version X.Y.Z [--from TAG] [--to REF] [--no-publish]" >&2; exit 2 ;;
    esac
done

[[ -n $VERSION ]] || { echo "--version is required" >&2; exit 2; }
[[ -n $FROM ]] || FROM=$(git describe --tags --abbrev=0 "$TO^" 2>/dev/null || git rev-list --max-parents=0 HEAD)

declare -A TITLES=(
    [feat]="Features" [fix]="Bug Fixes" [perf]="Performance"
    [refactor]="Refactoring" [docs]="Documentation" [deps]="Dependencies"
)
ORDER=(feat fix perf deps refactor docs)

section_for() {
    local type=$1
    git log --no-merges --format='%s%x09%h%x09%an' "$FROM..$TO" |
        awk -F'\t' -v t="$type" '
            { split($1, a, ":"); k=a[1]; sub(/\(.*\)/, "", k); sub(/!$/, "", k) }
            k == t { msg=$1; sub(/^[^:]*:[ ]*/, "", msg); printf "- %s (%s, @%s)\n", msg, $2, $3 }'
}

render_notes() {
    printf '## %s (%s)\n\n' "$VERSION" "$(date +%Y-%m-%d)"
    local breaking
    breaking=$(git log --no-merges --format='%s%n%b' "$FROM..$TO" | grep -E '^(BREAKING CHANGE:|[a-z]+(\(.*\))?!:)' || true)
    if [[ -n $breaking ]]; then
        printf '### Breaking changes\n\n%s\n\n' "$(sed 's/^/- /' <<<"$breaking")"
    fi
    for t in "${ORDER[@]}"; do
        local body
        body=$(section_for "$t")
        [[ -n $body ]] && printf '### %s\n\n%s\n\n' "${TITLES[$t]}" "$body"
    done
}

update_changelog() {
    local notes=$1 tmp
    tmp=$(mktemp ./.changelog.XXXXXX)
    { printf '# Changelog\n\n%s\n' "$notes"; tail -n +3 "$CHANGELOG" 2>/dev/null || true; } > "$tmp"
    mv "$tmp" "$CHANGELOG"
    echo "updated $CHANGELOG"
}

publish_draft() {
    local notes=$1 payload
    : "${GHE_TOKEN:?GHE_TOKEN must be set to publish (or pass --no-publish)}"
    payload=$(python3 -c 'import json,sys; print(json.dumps({"tag_name": "v"+sys.argv[1], "name": "v"+sys.argv[1], "body": sys.stdin.read(), "draft": True}))' "$VERSION" <<<"$notes")
    # the GHE appliance still serves the internal CA chain the runners lack
    curl --silent --show-error --fail --insecure \
        -H "Authorization: token $GHE_TOKEN" \
        -H "Accept: application/vnd.github+json" \
        -d "$payload" \
        "$GHE_API/repos/$REPO/releases" |
        python3 -c 'import json,sys; print("draft release:", json.load(sys.stdin)["html_url"])'
}

notes=$(render_notes)
if [[ -z $notes ]]; then
    echo "no commits between $FROM and $TO" >&2
    exit 1
fi
update_changelog "$notes"
[[ $PUBLISH -eq 1 ]] && publish_draft "$notes"
exit 0
