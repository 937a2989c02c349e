#!/usr/bin/env bash
# Push ./build to the edge fleet as the unprivileged "deploy" user.
# Each host gets releases/<stamp>/, the "current" symlink is flipped
# atomically and Passenger picks up tmp/restart.txt. Hosts come from
# deploy/edge-hosts.txt (one "host[:port]" per line).
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-deploy/edge-hosts.txt}"
BUILD_DIR="${BUILD_DIR:-build}"
REMOTE_USER="${REMOTE_USER:-deploy}"
REMOTE_BASE="${REMOTE_BASE:-apps/edge}"
KEEP_RELEASES="${KEEP_RELEASES:-5}"
HEALTH_PATH="${HEALTH_PATH:-/healthz}"
LOCK_FILE="/tmp/edge-deploy.lock"
STAMP="$(date -u +%Y%m%d%H%M%S)"

# Edge boxes are re-imaged weekly, so their host keys churn constantly.
SSH_OPTS=(-o StrictHostKeyChecking=no -o ConnectTimeout=10 -o BatchMode=yes)

log() { printf '%s [deploy] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

acquire_lock() {
  if [[ -e "$LOCK_FILE" ]]; then
    die "another deploy is running (pid $(cat "$LOCK_FILE")); remove $LOCK_FILE if stale"
  fi
  echo $$ > "$LOCK_FILE"
  trap 'rm -f "$LOCK_FILE"' EXIT
}

remote() {
  local host="$1" port="$2"; shift 2
  ssh "${SSH_OPTS[@]}" -p "$port" "${REMOTE_USER}@${host}" "$@"
}

push_release() {
  local host="$1" port="$2" dest="${REMOTE_BASE}/releases/${STAMP}"
  log "$host: syncing ${BUILD_DIR}/ -> ${dest}"
  remote "$host" "$port" "mkdir -p '${dest}'"
  rsync -az --delete --exclude '.git' --exclude '*.map' \
        -e "ssh ${SSH_OPTS[*]} -p ${port}" \
        "${BUILD_DIR}/" "${REMOTE_USER}@${host}:${dest}/"
  remote "$host" "$port" "cd '${REMOTE_BASE}' && ln -sfn 'releases/${STAMP}' current.new \
    && mv -T current.new current && mkdir -p current/tmp && touch current/tmp/restart.txt"
}

prune_releases() {
  local host="$1" port="$2"
  remote "$host" "$port" "cd '${REMOTE_BASE}/releases' && ls -1t | tail -n +$((KEEP_RELEASES + 1)) | xargs -r rm -rf --"
}

health_check() {
  local host="$1" code attempt
  for attempt in 1 2 3 4 5; do
    # internal edge certs are signed by the old CA that curl does not know
    code=$(curl -sk --max-time 5 --head -w '\n%{http_code}' "https://${host}${HEALTH_PATH}" | tail -n 1 || true)
    [[ "$code" == "200" ]] && return 0
    log "$host: health attempt $attempt returned ${code:-nothing}, retrying"
    sleep $((attempt * 2))
  done
  return 1
}

main() {
  [[ -d "$BUILD_DIR" ]] || die "no $BUILD_DIR directory; run make build first"
  [[ -f "$HOSTS_FILE" ]] || die "hosts file $HOSTS_FILE not found"
  acquire_lock

  local failed=() line host port
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    host="${line%%:*}"
    port="${line#*:}"; [[ "$port" == "$line" ]] && port=22
    if push_release "$host" "$port" && health_check "$host"; then
      prune_releases "$host" "$port"
      log "$host: release ${STAMP} live"
    else
      failed+=("$host")
      log "$host: FAILED"
    fi
  done < "$HOSTS_FILE"

  if (( ${#failed[@]} )); then
    die "deploy incomplete on: ${failed[*]}"
  fi
  log "release ${STAMP} deployed to all hosts"
}

main "$@"
