// Serves a folder on 127.0.0.1 as the tests' server does (scripts/quick.sh's loop):
//   node tests/e2e/serve-folder.mjs FOLDER [PORT]
import { serve } from "./server.mjs";

const [folder, port = "8081"] = process.argv.slice(2);
const server = await serve(new URL(folder.replace(/\/?$/, "/"), `file://${process.cwd()}/`).pathname, { port: Number(port) });
console.log(`serving ${folder} at ${server.url}`);
