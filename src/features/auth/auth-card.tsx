import type { ReactNode } from 'react';
import './auth.css';

/** The narrow panel every account screen sits in, under the page's one heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow auth-page">
      <div className="panel auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
