import { afterAll } from 'vitest';
import { closeSharedBrowser } from './browser';

afterAll(closeSharedBrowser);
