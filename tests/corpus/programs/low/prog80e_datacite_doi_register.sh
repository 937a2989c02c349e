#!/usr/bin/env bash
# Register (or update) DOIs for accepted articles through the DataCite REST API.
#
# Reads one article metadata file per accepted manuscript from ./accepted/*.json
# (exported by the editorial system), builds the JSON:API payload with jq and
# submits it. Credentials come from the environment:
#   DATACITE_REPO_ID    e.g. JOUR.ABCDEF
#   DATACITE_PASSWORD   repository password
#   DATACITE_PREFIX     e.g. 10.12345
# Set DATACITE_ENV=test to use the test fabrica endpoint.
set -euo pipefail

ACCEPTED_DIR="${ACCEPTED_DIR:-accepted}"
PAYLOAD_DIR="${PAYLOAD_DIR:-datacite_payloads}"
LOG_FILE="${LOG_FILE:-datacite_register.log}"
EVENT="${DATACITE_EVENT:-publish}"
DRY_RUN=0

case "${DATACITE_ENV:-prod}" in
  test) API="https://api.test.datacite.org/dois" ;;
  *)    API="https://api.datacite.org/dois" ;;
esac

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
usage: $0 [-n] [-e publish|register|hide] [manuscript-id ...]
  -n   build payloads only, do not submit
  -e   DataCite event (default: $EVENT)
EOF
}

while getopts ":ne:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    e) EVENT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

command -v jq >/dev/null || die "jq is required"
command -v curl >/dev/null || die "curl is required"
: "${DATACITE_REPO_ID:?set DATACITE_REPO_ID}"
: "${DATACITE_PASSWORD:?set DATACITE_PASSWORD}"
: "${DATACITE_PREFIX:?set DATACITE_PREFIX}"
mkdir -p "$PAYLOAD_DIR"

build_payload() {
  local src="$1" out="$2" ms_id
  ms_id="$(basename "$src" .json)"
  jq --arg prefix "$DATACITE_PREFIX" --arg id "$ms_id" --arg event "$EVENT" '
    {data: {type: "dois", attributes: {
      doi: ($prefix + "/" + ($id | ascii_downcase)),
      event: $event,
      creators: [.authors[] | {name: (.family + ", " + .given),
                               nameType: "Personal",
                               nameIdentifiers: (if .orcid then [{nameIdentifier: ("https://orcid.org/" + .orcid),
                                                                  nameIdentifierScheme: "ORCID"}] else [] end)}],
      titles: [{title: .title}],
      publisher: .journal,
      publicationYear: (.accepted_on[0:4] | tonumber),
      types: {resourceTypeGeneral: "JournalArticle"},
      url: .landing_page,
      descriptions: [{description: .abstract, descriptionType: "Abstract"}]
    }}}' "$src" > "$out"
}

submit_payload() {
  local payload="$1" code
  code="$(curl -sS -o "${payload%.json}.response" -w '%{http_code}' \
      --max-time 60 \
      -u "${DATACITE_REPO_ID}:${DATACITE_PASSWORD}" \
      -H 'Content-Type: application/vnd.api+json' \
      -X POST --data-binary "@${payload}" "$API")"
  echo "$code"
}

if [[ $# -gt 0 ]]; then
  files=()
  for id in "$@"; do files+=("$ACCEPTED_DIR/$id.json"); done
else
  shopt -s nullglob
  files=("$ACCEPTED_DIR"/*.json)
fi
[[ ${#files[@]} -gt 0 ]] || die "no accepted manuscripts found in $ACCEPTED_DIR"

ok=0; failed=0
for src in "${files[@]}"; do
  [[ -f "$src" ]] || { log "missing $src"; failed=$((failed + 1)); continue; }
  payload="$PAYLOAD_DIR/$(basename "$src")"
  build_payload "$src" "$payload" || { log "jq failed on $src"; failed=$((failed + 1)); continue; }
  if [[ $DRY_RUN -eq 1 ]]; then
    log "dry-run: built $payload"; continue
  fi
  status="$(submit_payload "$payload")"
  case "$status" in
    201|200) log "registered $(jq -r .data.attributes.doi "$payload") ($status)"; ok=$((ok + 1)) ;;
    422)     log "validation error for $src, see ${payload%.json}.response"; failed=$((failed + 1)) ;;
    *)       log "HTTP $status for $src"; failed=$((failed + 1)) ;;
  esac
done

log "finished: $ok registered, $failed failed"
[[ $failed -eq 0 ]]
