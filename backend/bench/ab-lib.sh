# shellcheck shell=bash
# Sourced by the A/B benchmarks (read-ab.sh, ingest-ab.sh): an earlier commit's build beside this checkout's, and the
# comparison of their rounds. Sets here (this folder), backend and repo.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
backend=$(cd "$here/.." && pwd)
repo=$(cd "$backend/.." && pwd)

# ab_start NAME WORK TOOL...: what every A/B benchmark checks first, its errors named NAME (make NAME BEFORE=...):
# BEFORE names a commit (sets sha), ROUNDS is a positive number (sets rounds), the tools are installed; sets work
# (WORK, default the given one, created) and JAVA_HOME; defines fail().
ab_start() {
  ab_name=$1 work=${WORK:-$2}
  shift 2
  fail() { echo "$ab_name: $*" >&2; exit 1; }
  [ -n "${BEFORE:-}" ] || fail "name the build to compare with: make $ab_name BEFORE=<commit>"
  rounds=${ROUNDS:-4}
  [[ $rounds =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive number, not '$rounds'"
  local c
  for c in "$@"; do command -v "$c" >/dev/null || fail "needs $c (apt-get install -y ${c/taskset/util-linux})"; done
  sha=$(git -C "$repo" rev-parse --verify --quiet "$BEFORE^{commit}") || fail "BEFORE=$BEFORE is not a commit of $repo"
  export JAVA_HOME=${JAVA_HOME:-$("$repo/ci/find-jdk.sh")}
  mkdir -p "$work"
}

# ab_before_tree SHA WORK: the worktree of SHA under WORK with its backend built (once); prints its path.
ab_before_tree() {
  local sha=$1 work=$2 tree
  tree=$work/tree-${sha:0:12}
  if [ ! -f "$tree/backend/target/quarkus-app/quarkus-run.jar" ]; then
    [ -d "$tree" ] || git -C "$repo" worktree add --detach -f "$tree" "$sha" >/dev/null
    echo "$ab_name: building ${sha:0:12} in $tree" >&2
    "$tree/mvnw" -B -ntp -q -f "$tree/backend/pom.xml" package -DskipTests >&2
  fi
  echo "$tree"
}

# ab_this_build: this checkout's backend build, made when missing or REBUILD is set.
ab_this_build() {
  if [ ! -f "$backend/target/quarkus-app/quarkus-run.jar" ] || [ -n "${REBUILD:-}" ]; then
    echo "$ab_name: building this checkout's backend" >&2
    "$repo/mvnw" -B -ntp -q -f "$backend/pom.xml" package -DskipTests >&2
  fi
}

# ab_order R: the order of the builds in round R (the earlier one first in odd rounds, this checkout in even ones).
ab_order() {
  if [ $(($1 % 2)) -eq 0 ]; then echo "after before"; else echo "before after"; fi
}

# ab_compare FIGURES ROUNDS NAME...: FIGURES holds lines "round build figure1 figure2 ..." (build: before or after);
# prints, per figure (named in order), this checkout against the earlier build: the geometric mean of the rounds'
# ratios, its 95% interval (Student's t over the rounds' log ratios) and their range.
ab_compare() {
  local figures=$1 rounds=$2
  shift 2
  awk -v rounds="$rounds" -v names="$*" '
    BEGIN { split("12.71 4.30 3.18 2.78 2.57 2.45 2.36 2.31 2.26 2.23 2.20 2.18 2.16 2.14 2.13 2.12 2.11 2.10 2.09 2.09", t, " "); n = split(names, name, " ") }
    { for (k = 3; k <= NF; k++) v[$1, $2, k] = $k }
    END {
      for (k = 3; k < 3 + n; k++) {
        s = 0; ss = 0; lo = 1e9; hi = 0
        for (r = 1; r <= rounds; r++) { x = log(v[r, "after", k] / v[r, "before", k]); s += x; ss += x * x; if (exp(x) < lo) lo = exp(x); if (exp(x) > hi) hi = exp(x) }
        m = s / rounds
        if (rounds > 1) {
          var = (ss - rounds * m * m) / (rounds - 1); sd = var > 0 ? sqrt(var) : 0; q = (rounds - 1 <= 20 ? t[rounds - 1] : 2.0); h = q * sd / sqrt(rounds)
          printf "%-8s this checkout / before: %.3fx (95%% interval %.3f-%.3f), rounds %.3f to %.3f\n", name[k - 2], exp(m), exp(m - h), exp(m + h), lo, hi
        } else printf "%-8s this checkout / before: %.3fx (one round: no interval)\n", name[k - 2], exp(m)
      }
    }' "$figures"
}
