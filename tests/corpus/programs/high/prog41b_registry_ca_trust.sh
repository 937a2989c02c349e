#!/usr/bin/env bash
# Trust the internal artifact registry's CA on a build agent.
# The CA bundle is versioned in this repository under certs/; the script
# checks its fingerprint against certs/FINGERPRINTS, then installs it into
# the system trust store and the container engine's per-registry cert dir.
set -Eeuo pipefail

REGISTRIES=(registry.build.internal:5000 artifacts.build.internal)
CERT_DIR="certs"
SYSTEM_ANCHORS="/usr/local/share/ca-certificates/build-internal"
ENGINE_CERTS="/etc/docker/certs.d"
VERBOSE=${VERBOSE:-0}

trap 'echo "ca-trust: failed at line $LINENO" >&2' ERR

debug() { [[ "$VERBOSE" == 1 ]] && echo "ca-trust: $*" >&2 || true; }
info()  { echo "ca-trust: $*"; }

fingerprint_of() {
  openssl x509 -in "$1" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':' | tr 'A-F' 'a-f'
}

check_fingerprint() {
  local pem="$1" name expected actual
  name=$(basename "$pem")
  expected=$(awk -v n="$name" '$1 == n {print tolower($2)}' "${CERT_DIR}/FINGERPRINTS")
  actual=$(fingerprint_of "$pem")
  debug "$name expected=$expected actual=$actual"
  if [[ -z "$expected" || "$expected" != "$actual" ]]; then
    echo "ca-trust: fingerprint mismatch for $name" >&2
    return 1
  fi
}

install_system_anchor() {
  local pem="$1" base
  base=$(basename "${pem%.pem}")
  sudo install -d -m 0755 "$SYSTEM_ANCHORS"
  sudo install -m 0644 -o root -g root "$pem" "${SYSTEM_ANCHORS}/${base}.crt"
  info "installed ${SYSTEM_ANCHORS}/${base}.crt"
}

install_engine_certs() {
  local pem="$1" reg
  for reg in "${REGISTRIES[@]}"; do
    sudo mkdir -p "${ENGINE_CERTS}/${reg}"
    sudo cp "$pem" "${ENGINE_CERTS}/${reg}/ca.crt"
    sudo chmod 0644 "${ENGINE_CERTS}/${reg}/ca.crt"
    debug "engine trust for $reg"
  done
}

main() {
  shopt -s nullglob
  local pems=("${CERT_DIR}"/*-root-ca.pem)
  if (( ${#pems[@]} == 0 )); then
    echo "ca-trust: no *-root-ca.pem under ${CERT_DIR}/" >&2
    exit 1
  fi
  for pem in "${pems[@]}"; do
    check_fingerprint "$pem"
    install_system_anchor "$pem"
    install_engine_certs "$pem"
  done
  sudo update-ca-certificates --fresh >/dev/null
  info "system trust store rebuilt"
  for reg in "${REGISTRIES[@]}"; do
    if curl -fsS -o /dev/null --max-time 10 "https://${reg}/v2/"; then
      info "TLS to ${reg} OK"
    else
      info "warning: ${reg} not reachable yet"
    fi
  done
}

main "$@"
