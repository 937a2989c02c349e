#!/usr/bin/env bash
# tape_archive_stager.sh - package closed project datasets for the tape library
#
# For every project directory listed in the manifest (one path per line) this
# script builds a tar with a sha256 sidecar, moves both into the HSM staging
# area and tells the archive service that a new object is ready.
#
# Usage: tape_archive_stager.sh [-m manifest] [-s staging_dir] [-n]
set -euo pipefail

MANIFEST="${MANIFEST:-./archive_manifest.txt}"
STAGING="${STAGING:-/srv/hsm/staging}"
ARCHIVE_API="${ARCHIVE_API:-https://hsm-archive.research.example.ac.uk/api/objects}"
LOCK="/tmp/tape_archive_stager.lock"
WORK="/tmp/tape_stage"
DRY_RUN=0

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "${*:2}" >&2; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "m:s:nh" opt; do
    case "$opt" in
        m) MANIFEST="$OPTARG" ;;
        s) STAGING="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -r "$MANIFEST" ]] || { log ERROR "manifest $MANIFEST not readable"; exit 2; }

exec 9>"$LOCK"
if ! flock -n 9; then
    log WARN "another stager run holds $LOCK, exiting"
    exit 0
fi

mkdir -p "$WORK"
trap 'rm -rf "$WORK"/*.partial' EXIT

package_project() {
    local src="$1" name tarball
    name="$(basename "$src")"
    tarball="$WORK/${name}_$(date +%Y%m%d).tar"
    log INFO "packaging $src"
    tar --create --file "$tarball.partial" --directory "$(dirname "$src")" \
        --format=posix --numeric-owner "$name"
    mv "$tarball.partial" "$tarball"
    (cd "$WORK" && sha256sum "$(basename "$tarball")" > "$(basename "$tarball").sha256")
    echo "$tarball"
}

notify_archive() {
    local tarball="$1" digest size
    digest="$(cut -d' ' -f1 "$tarball.sha256")"
    size="$(stat -c %s "$tarball")"
    curl --silent --show-error --fail --insecure \
        --max-time 30 --retry 3 \
        -H 'Content-Type: application/json' \
        -d "{\"object\":\"$(basename "$tarball")\",\"sha256\":\"$digest\",\"bytes\":$size}" \
        "$ARCHIVE_API" >/dev/null
}

staged=0
failed=0
while IFS= read -r project || [[ -n "$project" ]]; do
    [[ -z "$project" || "$project" == \#* ]] && continue
    if [[ ! -d "$project" ]]; then
        log WARN "skipping $project: not a directory"
        failed=$((failed + 1))
        continue
    fi
    if (( DRY_RUN )); then
        log INFO "[dry-run] would stage $project"
        continue
    fi
    if ! tarball="$(package_project "$project")"; then
        log ERROR "tar failed for $project"
        failed=$((failed + 1))
        continue
    fi
    mv "$tarball" "$tarball.sha256" "$STAGING/"
    if notify_archive "$STAGING/$(basename "$tarball")"; then
        log INFO "staged $(basename "$tarball")"
        staged=$((staged + 1))
    else
        log ERROR "archive service did not accept $(basename "$tarball")"
        failed=$((failed + 1))
    fi
done < "$MANIFEST"

log INFO "done: $staged staged, $failed failed"
(( failed == 0 ))
