# The Podium service with the leaderboard site built in. Build context: the repository root.
FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM eclipse-temurin:21-jdk AS backend
WORKDIR /src
COPY mvnw ./
COPY .mvn .mvn
COPY schema schema
COPY backend/pom.xml backend/pom.xml
RUN ./mvnw -B -ntp -f backend/pom.xml dependency:go-offline
COPY backend backend
COPY --from=frontend /src/frontend/dist frontend/dist
RUN ./mvnw -B -ntp -f backend/pom.xml package -DskipTests

FROM eclipse-temurin:21-jre
RUN useradd --system --uid 10001 --home-dir /app podium
WORKDIR /app
COPY --from=backend --chown=podium /src/backend/target/quarkus-app/ /app/
USER podium
# the image is reached from outside its container: listen on every interface
ENV PODIUM_HOST=0.0.0.0
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/quarkus-run.jar"]
