#!/usr/bin/env bash
# etcd-snapshot-restore: restore a kubeadm control-plane member from a
# snapshot taken by the nightly cluster backup job.
#
#   ./etcd_snapshot_restore.sh -s s3://bucket/etcd/snap-2024....db [-n member-name]
#   ./etcd_snapshot_restore.sh -s ./snap.db
#
# Uses the same etcd image the cluster runs, so no etcdutl on the host.
set -euo pipefail

SNAPSHOT=""
MEMBER=$(hostname -s)
ETCD_IMAGE=${ETCD_IMAGE:-registry.k8s.io/etcd:3.5.12-0}
DATA_DIR=/var/lib/etcd
MANIFEST=/etc/kubernetes/manifests/etcd.yaml
PARKED=/etc/kubernetes/etcd.yaml.parked
WORK=${WORK:-./restore-work}

log() { echo "$(date +%T) [etcd-restore] $*"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts "s:n:i:h" o; do
  case $o in
    s) SNAPSHOT=$OPTARG ;;
    n) MEMBER=$OPTARG ;;
    i) ETCD_IMAGE=$OPTARG ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done
[[ -n "$SNAPSHOT" ]] || fail "need -s snapshot"

fetch_snapshot() {
  mkdir -p "$WORK"
  local local_snap="$WORK/snapshot.db"
  case "$SNAPSHOT" in
    s3://*) aws s3 cp --only-show-errors "$SNAPSHOT" "$local_snap" ;;
    *) cp "$SNAPSHOT" "$local_snap" ;;
  esac
  [[ -s "$local_snap" ]] || fail "snapshot empty"
  echo "$local_snap"
}

initial_cluster() {
  # reuse the peer URL from the static pod manifest
  local peer
  peer=$(sudo grep -oP '(?<=--initial-advertise-peer-urls=)\S+' "$MANIFEST" 2>/dev/null ||
         sudo grep -oP '(?<=--initial-advertise-peer-urls=)\S+' "$PARKED")
  echo "${MEMBER}=${peer}"
}

stop_etcd() {
  if sudo test -f "$MANIFEST"; then
    log "parking static pod manifest"
    sudo mv "$MANIFEST" "$PARKED"
  fi
  local i
  for i in $(seq 1 30); do
    sudo crictl ps --name etcd -q 2>/dev/null | grep -q . || return 0
    sleep 2
  done
  fail "etcd container still running"
}

restore() {
  local snap=$1 cluster=$2 stamp
  stamp=$(date +%s)
  log "moving old data dir aside"
  sudo mv "$DATA_DIR" "${DATA_DIR}.pre-restore-$stamp"
  log "restoring with $ETCD_IMAGE"
  docker run --rm --privileged --net=host --pid=host \
    -v /var/lib:/var/lib \
    -v /etc/kubernetes:/etc/kubernetes \
    -v "$(realpath "$snap")":/snapshot.db:ro \
    "$ETCD_IMAGE" \
    etcdutl snapshot restore /snapshot.db \
      --name "$MEMBER" \
      --initial-cluster "$cluster" \
      --initial-advertise-peer-urls "${cluster#*=}" \
      --data-dir "$DATA_DIR"
  sudo chown -R root:root "$DATA_DIR"
  sudo chmod 0700 "$DATA_DIR"
}

start_etcd() {
  log "putting manifest back"
  sudo mv "$PARKED" "$MANIFEST"
  local i
  for i in $(seq 1 60); do
    if sudo crictl ps --name etcd --state running -q 2>/dev/null | grep -q .; then
      log "etcd running"
      return 0
    fi
    sleep 2
  done
  fail "etcd did not come back; see 'crictl logs'"
}

snap=$(fetch_snapshot)
cluster=$(initial_cluster)
[[ -n "${cluster#*=}" ]] || fail "could not read peer URL from manifest"
log "member=$MEMBER initial-cluster=$cluster"
stop_etcd
restore "$snap" "$cluster"
start_etcd
log "done. verify with: kubectl get --raw /readyz?verbose"
