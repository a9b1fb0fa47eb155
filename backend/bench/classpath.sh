# Sourced by the bench scripts that run a bench program on the service's own classes (changes.sh, coverage.sh):
# compiled_classpath NAME compiles the backend into PODIUM_BENCH_BUILD (default backend/target) and prints a class
# path of its classes and runtime dependencies (the list kept in NAME-bench.classpath there). Needs repo and backend;
# a failed build is its status.
compiled_classpath() {
  local build=${PODIUM_BENCH_BUILD:-$backend/target}
  local cp_file="$build/$1-bench.classpath"
  "$repo/mvnw" -B -ntp -q -f "$backend/pom.xml" -Dpodium.build.dir="$build" compile >&2 || return
  "$repo/mvnw" -B -ntp -q -f "$backend/pom.xml" -Dpodium.build.dir="$build" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile="$cp_file" >/dev/null || return
  local deps
  deps=$(cat "$cp_file") || return
  echo "$build/classes:$deps"
}
