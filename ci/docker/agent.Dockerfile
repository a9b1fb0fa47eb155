# A benchmark agent with the standard suite, wrk and nginx. Build context: the repository root.
# For real measurements run the agent on the host itself (see ci/enrol-runner.md): a container adds its own noise.
FROM golang:1.26-bookworm AS agent
WORKDIR /src/agent
COPY agent/go.mod agent/go.sum ./
RUN go mod download
COPY agent/ ./
RUN CGO_ENABLED=0 go build -trimpath -o /out/podium-agent ./cmd/podium-agent

FROM eclipse-temurin:21-jdk AS suite
WORKDIR /src
COPY mvnw ./
COPY .mvn .mvn
COPY agent/suite agent/suite
RUN ./mvnw -B -ntp -f agent/suite/pom.xml package -DskipTests

FROM eclipse-temurin:21-jdk
RUN apt-get update && apt-get install -y --no-install-recommends wrk nginx util-linux \
    && rm -rf /var/lib/apt/lists/*
COPY --from=agent /out/podium-agent /usr/local/bin/podium-agent
COPY --from=suite /src/agent/suite /opt/podium/suite
COPY ci/docker/agent-entrypoint.sh /usr/local/bin/agent-entrypoint.sh
ENV PODIUM_HOME=/var/lib/podium
VOLUME /var/lib/podium
ENTRYPOINT ["/usr/local/bin/agent-entrypoint.sh"]
