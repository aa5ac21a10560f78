# syntax=docker/dockerfile:1
# EPCplus: one image for every role (npm start all-in-one, web, worker); the command picks the role.

# 1. Everything needed to build the web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# 2. Production dependencies only (no webpack, jest, eslint…).
FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# 3. What runs: the compiled server and the built web app (dist/, made by `npm run build`) with the
#    production node_modules; owned by root, run as the unprivileged `node` user. The operator CLI is
#    `node dist/server/cli/main.js …`.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/epcplus
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY public ./public
COPY --from=build /app/dist ./dist
RUN mkdir -p /var/lib/epcplus && chown node:node /var/lib/epcplus
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself as PID 1 (not npm): SIGTERM reaches the server, which shuts down gracefully.
CMD ["node", "dist/server/main.js"]
