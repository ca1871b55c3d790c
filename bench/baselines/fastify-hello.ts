/** The reads bench's baseline: Fastify as it comes, one JSON route, no plugins, no logger. */
import Fastify from 'fastify';
import { announce } from '../child-process.ts';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
announce({ url: `http://127.0.0.1:${address.port}` }, () => app.close());
