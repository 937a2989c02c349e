#!/usr/bin/env bash
# registry_tag_promoter.sh
#
# Promote container image tags inside the internal OCI registry without
# pulling any layers: the manifest for the source tag is fetched through the
# Registry HTTP API v2 and PUT back under the destination tag.
#
# Typical use in the release stage:
#   REGISTRY_TOKEN=... ./registry_tag_promoter.sh -f promote.txt
# where promote.txt holds lines of "<repository> <source-tag> <dest-tag>".
set -euo pipefail

readonly SCRIPT_NAME="${0##*/}"
REGISTRY_URL="${REGISTRY_URL:-https://registry.build.example.internal}"
readonly MANIFEST_TYPES="application/vnd.oci.image.index.v1+json,application/vnd.oci.image.manifest.v1+json,application/vnd.docker.distribution.manifest.list.v2+json,application/vnd.docker.distribution.manifest.v2+json"
readonly STAGE_DIR=".promote"

DRY_RUN=0
VERBOSE=0
PLAN_FILE=""
SINGLE_REPO=""
SINGLE_SRC=""
SINGLE_DST=""

log()  { printf '%s %s: %s\n' "$(date -u +%H:%M:%SZ)" "$SCRIPT_NAME" "$*" >&2; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-r registry_url] (-f plan_file | -s repo:src -t dst) [-n] [-v]

  -r URL   registry base URL (default: \$REGISTRY_URL or $REGISTRY_URL)
  -f FILE  plan file with "<repo> <src-tag> <dst-tag>" per line
  -s R:T   single repository and source tag, e.g. payments/api:sha-1a2b3c
  -t TAG   destination tag for -s
  -n       dry run, only show what would be promoted
  -v       verbose logging
EOF
}

while getopts ":r:f:s:t:nvh" opt; do
    case "$opt" in
        r) REGISTRY_URL="$OPTARG" ;;
        f) PLAN_FILE="$OPTARG" ;;
        s) SINGLE_REPO="${OPTARG%%:*}"; SINGLE_SRC="${OPTARG#*:}" ;;
        t) SINGLE_DST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        :) die "option -$OPTARG needs an argument" ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "${REGISTRY_TOKEN:-}" ]] || die "REGISTRY_TOKEN is not set (configure it as a masked CI variable)"
REGISTRY_URL="${REGISTRY_URL%/}"

cleanup() { rm -rf -- "$STAGE_DIR"; }
trap cleanup EXIT
mkdir -p "$STAGE_DIR"

registry_api() {
    # registry_api METHOD PATH [extra curl args...]
    local method="$1" path="$2"
    shift 2
    curl --silent --show-error --fail --max-time 30 --retry 2 \
        -X "$method" \
        -H "Authorization: Bearer ${REGISTRY_TOKEN}" \
        "$@" \
        "${REGISTRY_URL}/v2/${path}"
}

promote() {
    local repo="$1" src="$2" dst="$3"
    local key="${repo//\//_}__${src}"
    local body="$STAGE_DIR/${key}.json" headers="$STAGE_DIR/${key}.hdr"

    vlog "fetching manifest ${repo}:${src}"
    if ! registry_api GET "${repo}/manifests/${src}" \
            -H "Accept: ${MANIFEST_TYPES}" -D "$headers" -o "$body"; then
        log "cannot read ${repo}:${src}"
        return 1
    fi

    local ctype digest
    ctype="$(awk -F': ' 'tolower($1)=="content-type" {gsub("\r",""); print $2}' "$headers" | tail -n1)"
    digest="$(awk -F': ' 'tolower($1)=="docker-content-digest" {gsub("\r",""); print $2}' "$headers" | tail -n1)"
    [[ -n "$ctype" ]] || { log "no content type for ${repo}:${src}"; return 1; }

    if [[ $DRY_RUN -eq 1 ]]; then
        log "[dry-run] ${repo}:${src} (${digest:-unknown}) -> ${repo}:${dst}"
        return 0
    fi

    registry_api PUT "${repo}/manifests/${dst}" \
        -H "Content-Type: ${ctype}" --data-binary "@${body}" -o /dev/null
    log "promoted ${repo}:${src} -> ${repo}:${dst} (${digest:-unknown})"
}

declare -a PLAN=()
if [[ -n "$PLAN_FILE" ]]; then
    [[ -r "$PLAN_FILE" ]] || die "cannot read plan file $PLAN_FILE"
    while read -r repo src dst _rest; do
        [[ -z "${repo:-}" || "$repo" == \#* ]] && continue
        [[ -n "${dst:-}" ]] || die "malformed plan line for $repo"
        PLAN+=("$repo $src $dst")
    done < "$PLAN_FILE"
elif [[ -n "$SINGLE_REPO" && -n "$SINGLE_DST" ]]; then
    PLAN+=("$SINGLE_REPO $SINGLE_SRC $SINGLE_DST")
else
    usage; exit 2
fi

failures=0
for entry in "${PLAN[@]}"; do
    # shellcheck disable=SC2086
    set -- $entry
    promote "$1" "$2" "$3" || failures=$((failures + 1))
done

log "done: ${#PLAN[@]} planned, ${failures} failed"
[[ $failures -eq 0 ]]
