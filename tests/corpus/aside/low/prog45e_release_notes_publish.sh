#!/usr/bin/env bash
# Generate release notes from conventional commits since the previous tag
# and create a *draft* GitHub release for the given tag.
#
#   GITHUB_TOKEN=... tools/release_notes_publish.sh -r acme/widgets -t v2.4.0
#   tools/release_notes_publish.sh -r acme/widgets -t v2.4.0 -n   # dry run
set -euo pipefail

readonly API="https://api.github.com"
OUT_DIR=".release"
REPO="${GITHUB_REPOSITORY:-}"
TAG=""
DRY_RUN=0

usage() {
  echo "usage: $0 -r owner/repo -t tag [-n] [-o outdir]" >&2
  exit 2
}

while getopts ":r:t:o:nh" opt; do
  case "$opt" in
    r) REPO="$OPTARG" ;;
    t) TAG="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    *) usage ;;
  esac
done
[[ -n "$REPO" && -n "$TAG" ]] || usage
for tool in git jq curl; do
  [[ -n "$(command -v "$tool")" ]] || { echo "missing dependency: $tool" >&2; exit 1; }
done
mkdir -p "$OUT_DIR"

previous_tag() {
  git tag --list --sort=-v:refname | grep -vxF "$TAG" | head -n1 || true
}

declare -a FEATURES=() FIXES=() PERF=() OTHER=()

collect_commits() {
  local range="$1" subject hash
  while IFS=$'\x1f' read -r subject hash; do
    [[ -z "$subject" ]] && continue
    case "$subject" in
      feat*)           FEATURES+=("- ${subject#*: } (${hash})") ;;
      fix*)            FIXES+=("- ${subject#*: } (${hash})") ;;
      perf*)           PERF+=("- ${subject#*: } (${hash})") ;;
      chore*|ci*|docs*) ;;  # not user facing
      *)               OTHER+=("- ${subject} (${hash})") ;;
    esac
  done < <(git log --no-merges --format='%s%x1f%h' "$range")
}

section() {
  local title="$1"; shift
  (( $# == 0 )) && return 0
  printf '### %s\n\n' "$title"
  printf '%s\n' "$@"
  printf '\n'
}

render_notes() {
  local prev="$1"
  {
    printf '## %s\n\n' "$TAG"
    [[ -n "$prev" ]] && printf '_Changes since %s_\n\n' "$prev"
    section "Features" "${FEATURES[@]}"
    section "Bug fixes" "${FIXES[@]}"
    section "Performance" "${PERF[@]}"
    section "Other changes" "${OTHER[@]}"
  } > "$OUT_DIR/notes-${TAG}.md"
}

build_payload() {
  jq -n --arg tag "$TAG" --arg name "Release $TAG" \
        --rawfile body "$OUT_DIR/notes-${TAG}.md" \
        '{tag_name: $tag, name: $name, body: $body, draft: true, prerelease: ($tag | test("-rc"))}' \
        > "$OUT_DIR/payload.json"
}

publish() {
  : "${GITHUB_TOKEN:?GITHUB_TOKEN must be set}"
  local status
  status=$(curl -sS --max-time 30 -X POST \
    -H "Authorization: Bearer ${GITHUB_TOKEN}" \
    -H "Accept: application/vnd.github+json" \
    -H "X-GitHub-Api-Version: 2022-11-28" \
    --data @"$OUT_DIR/payload.json" \
    -o "$OUT_DIR/response.json" -w '%{http_code}' \
    "${API}/repos/${REPO}/releases")
  if [[ "$status" != "201" ]]; then
    echo "GitHub API returned HTTP $status:" >&2
    jq -r '.message // .' "$OUT_DIR/response.json" >&2
    exit 1
  fi
  echo "draft release created: $(jq -r '.html_url' "$OUT_DIR/response.json")"
}

prev="$(previous_tag)"
range="${prev:+${prev}..}HEAD"
collect_commits "$range"
render_notes "$prev"
build_payload
echo "notes written to $OUT_DIR/notes-${TAG}.md (${#FEATURES[@]} feat, ${#FIXES[@]} fix)"
if (( DRY_RUN )); then
  jq . "$OUT_DIR/payload.json"
else
  publish
fi
