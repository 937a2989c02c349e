#!/usr/bin/env bash
# Mirror a list of upstream images into the lab registry with skopeo.
# The lab registry uses a self-signed certificate, so TLS checks are off.
#
# usage: mirror_sync.sh [-n] [-f images.txt] [-r lab-registry:5000]
set -euo pipefail

IMAGES_FILE="images.txt"
DEST_REGISTRY="${LAB_REGISTRY:-registry.lab.local:5000}"
DRY_RUN=0
STATE_DIR="/tmp/mirror-sync"
LOG_FILE="/tmp/mirror-sync.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":nf:r:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        f) IMAGES_FILE="$OPTARG" ;;
        r) DEST_REGISTRY="$OPTARG" ;;
        h|*) usage ;;
    esac
done

command -v skopeo >/dev/null 2>&1 || { echo "skopeo not installed" >&2; exit 2; }
[[ -r "$IMAGES_FILE" ]] || { echo "cannot read $IMAGES_FILE" >&2; exit 2; }
mkdir -p "$STATE_DIR"

remote_digest() {
    # $1 = repo, $2 = tag on the lab registry
    curl -sk -I \
        -H 'Accept: application/vnd.oci.image.index.v1+json, application/vnd.docker.distribution.manifest.list.v2+json' \
        "https://${DEST_REGISTRY}/v2/$1/manifests/$2" \
        | awk -F': ' 'tolower($1)=="docker-content-digest"{print $2}' | tr -d '\r'
}

upstream_digest() {
    skopeo inspect --raw "docker://$1" | sha256sum | awk '{print "sha256:"$1}'
}

synced=0; skipped=0; failed=0
while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#*}"; line="$(echo "$line" | xargs)"
    [[ -z "$line" ]] && continue
    src="$line"
    path="${src#*/}"
    repo="${path%:*}"; tag="${path##*:}"
    [[ "$tag" == "$path" ]] && tag="latest"

    want="$(upstream_digest "$src" || true)"
    have="$(remote_digest "$repo" "$tag" || true)"
    echo "$src $want" >> "$STATE_DIR/upstream.digests"
    if [[ -n "$want" && "$want" == "$have" ]]; then
        log "up to date: $repo:$tag"
        skipped=$((skipped + 1))
        continue
    fi
    if (( DRY_RUN )); then
        log "would copy $src -> $DEST_REGISTRY/$repo:$tag"
        continue
    fi
    if skopeo copy --all --retry-times 3 --dest-tls-verify=false \
            "docker://$src" "docker://$DEST_REGISTRY/$repo:$tag" >>"$LOG_FILE" 2>&1; then
        log "copied $src"
        synced=$((synced + 1))
    else
        log "FAILED $src"
        failed=$((failed + 1))
    fi
done < "$IMAGES_FILE"

log "done: $synced copied, $skipped unchanged, $failed failed"
(( failed == 0 ))
