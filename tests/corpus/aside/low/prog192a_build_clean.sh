#!/usr/bin/env bash
# build_clean.sh - tidy the launch-board project checkout and package the
# monthly service reports for the area office.
set -euo pipefail

PROJECT_ROOT="${PROJECT_ROOT:-$PWD}"
cd "$PROJECT_ROOT"

REPORT_DIR="reports"
DIST_DIR="dist"
MONTH="${REPORT_MONTH:-$(date +%Y-%m)}"

declare -a BUILD_DIRS=(build .pytest_cache .mypy_cache htmlcov)
declare -a JUNK_GLOBS=("*.pyc" "*.pyo" "*~" ".coverage")

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }

clean_dirs() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    if [[ -d "./$d" ]]; then
      rm -rf -- "./$d"
      info "removed ./$d"
    fi
  done
  find . -path ./.git -prune -o -type d -name __pycache__ -print0 | xargs -0r rm -rf --
}

clean_files() {
  local g count=0
  for g in "${JUNK_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      rm -f -- "$f"
      count=$((count + 1))
    done < <(find . -path ./.git -prune -o -type f -name "$g" -print0)
  done
  info "removed $count stray file(s)"
}

package_reports() {
  local src="$REPORT_DIR/$MONTH" out
  if [[ ! -d "$src" ]]; then
    info "no reports for $MONTH"
    return 0
  fi
  mkdir -p "$DIST_DIR"
  out="$DIST_DIR/service-reports-$MONTH.tar.gz"
  (cd "$src" && sha256sum -- *.pdf *.csv 2>/dev/null >SHA256SUMS || true)
  tar -czf "$out" -C "$REPORT_DIR" "$MONTH"
  chmod 0600 "$out"
  info "packaged $(tar -tzf "$out" | wc -l) entries into $out"
  cat <<EOF2
Reports for $MONTH are ready: $out
Checksums are inside the archive as $MONTH/SHA256SUMS.
EOF2
}

case "${1:-all}" in
  clean) clean_dirs; clean_files ;;
  package) package_reports ;;
  all) clean_dirs; clean_files; package_reports ;;
  *) echo "usage: $0 [clean|package|all]" >&2; exit 2 ;;
esac
